/** UploadPartCopy: `PUT /bucket/key?partNumber=N&uploadId=ID` with `x-amz-copy-source[-range]`. */
import { headerOf, sanitizeETag } from '../../../transport/parse.js'
import type { Transport } from '../../../transport/transport.js'
import { textOf } from '../../../transport/xml.js'
import { readResultOrError } from '../result-or-error.js'
import type { UploadedPart } from './upload-part.js'

/** A part copied on the server, with what the response says about it. */
export interface CopiedPart extends UploadedPart {
  /** When the part was written (`CopyPartResult.LastModified`). */
  lastModified: Date
  /** `x-amz-copy-source-version-id`, or null. */
  sourceVersionId: string | null
}

/**
 * Copies a source object, or a byte range of it, into part `partNumber` of an upload. `headers`
 * carry `x-amz-copy-source`, `x-amz-copy-source-range: bytes=a-b`, conditions and SSE-C keys
 * (lower-case names). A 200 whose body is an `<Error>` fails like an error status.
 * @example
 * await uploadPartCopy(t, 'b', 'k', uploadId, 1, { 'x-amz-copy-source': 'b/src', 'x-amz-copy-source-range': 'bytes=0-99' })
 */
export async function uploadPartCopy(
  t: Transport,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  headers: Record<string, string>,
): Promise<CopiedPart> {
  const query = { partNumber: String(partNumber), uploadId }
  return t.call({ method: 'PUT', bucket, key, query, headers }, async (res) => {
    const result = await readResultOrError(res, 'CopyPartResult', { bucket, key })
    return {
      partNumber,
      etag: sanitizeETag(headerOf(res, 'etag')) || sanitizeETag(textOf(result, 'ETag')),
      lastModified: new Date(textOf(result, 'LastModified')),
      sourceVersionId: headerOf(res, 'x-amz-copy-source-version-id') ?? null,
    }
  })
}
