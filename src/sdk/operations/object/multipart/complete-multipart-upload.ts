/** CompleteMultipartUpload: `POST /bucket/key?uploadId=ID` listing every part. */
import { headerOf, sanitizeETag } from '../../../transport/parse.js'
import type { Transport } from '../../../transport/transport.js'
import { escapeXml, textOf } from '../../../transport/xml.js'
import type { UploadedObjectInfo } from '../../../upload/uploaded-object-info.js'
import { readResultOrError } from '../result-or-error.js'
import type { UploadedPart } from './upload-part.js'

/**
 * Joins the parts into the object. S3 may answer 200 and still fail (the error arrives in the
 * body after a keep-alive wait), so the body is checked for `<Error>` too.
 * @example
 * const { etag } = await completeMultipartUpload(transport, 'photos', 'big.bin', uploadId, parts)
 */
export async function completeMultipartUpload(
  t: Transport,
  bucket: string,
  key: string,
  uploadId: string,
  parts: readonly UploadedPart[],
  signal?: AbortSignal,
): Promise<UploadedObjectInfo> {
  const body = new TextEncoder().encode(completeBody(parts))
  return t.call(
    { method: 'POST', bucket, key, query: { uploadId }, body, signal },
    async (res): Promise<UploadedObjectInfo> => {
      const result = await readResultOrError(res, 'CompleteMultipartUploadResult', { bucket, key })
      const etag = textOf(result, 'ETag')
      return { etag: sanitizeETag(etag), versionId: headerOf(res, 'x-amz-version-id') ?? null }
    },
  )
}

/**
 * The request body: parts in ascending part-number order, as S3 requires.
 * @example
 * completeBody([{ partNumber: 1, etag: 'abc' }])
 */
export function completeBody(parts: readonly UploadedPart[]): string {
  const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber)
  const items = sorted.map(
    (p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>"${escapeXml(p.etag)}"</ETag></Part>`,
  )
  return `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${items.join('')}</CompleteMultipartUpload>`
}
