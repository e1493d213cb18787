import { parseCopySource } from '../../auth/copy-source.js'
import { customerKeyOf } from '../../auth/sse-headers.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { uploadPartCopyByReading } from '../../storage/common/upload-part-copy-by-reading.js'
import { MULTIPART_LIMITS } from '../../storage/multipart-limits.js'
import type { ByteRange, ObjectInfo, UploadPartCopyInput } from '../../storage/object-layer.js'
import { encryptionHeaders, requestSse } from '../encryption/request-encryption.js'
import { checksumFields } from '../objects/checksum-headers.js'
import { checkCopySourceConditions } from '../objects/conditions.js'
import { readUploadId, readUploadPartNumber } from './upload-params.js'

const COPY_RANGE = /^bytes=(\d+)-(\d+)$/

/**
 * UploadPartCopy: a part made of (a range of) an existing object. The source's conditions are
 * checked against the version whose bytes are copied; `x-amz-copy-source-range` must be
 * `bytes=first-last` within the source. An SSE-C source is read with the copy-source key, an
 * SSE-C upload's part written with the request's key. The part's ETag is the MD5 of the copied
 * bytes and, in an upload created with a checksum algorithm, the answer carries the part's
 * checksum (S3's `CopyPartResult`), which CompleteMultipartUpload then names.
 */
export const handleUploadPartCopy: Handler = async ({ ctx, req, res, route }) => {
  const uploadId = readUploadId(route)
  const partNumber = readUploadPartNumber(route)
  const source = parseCopySource(req.headers['x-amz-copy-source'])
  const rangeHeader = req.headers['x-amz-copy-source-range']
  const sse = requestSse(req)
  const customerKey = customerKeyOf(sse.encryption)
  const sourceRead = { customerKey: sse.sourceKey, versionId: source.versionId }
  const sourceInfo = await ctx.storage.headObject(source.bucket, source.key, sourceRead)
  checkCopySourceConditions(req.headers, sourceInfo)
  const range = rangeHeader === undefined ? undefined : parseCopyRange(String(rangeHeader), sourceInfo)
  const size = range ? range.end - range.start + 1 : sourceInfo.size
  if (size > MULTIPART_LIMITS.maxPartSize) {
    throw new S3ServerError(
      'EntityTooLarge',
      `A part is at most 5 GiB; the copy source range is ${size} bytes.`,
    )
  }
  const input: UploadPartCopyInput = {
    sourceBucket: source.bucket,
    sourceKey: source.key,
    sourceVersionId: source.versionId,
    range,
    bucket: route.bucket,
    key: route.key,
    uploadId,
    partNumber,
    check: (found) => {
      if (found.etag !== sourceInfo.etag) {
        throw new S3ServerError('PreconditionFailed', 'The copy source changed while it was read; retry.')
      }
    },
    sourceCustomerKey: sse.sourceKey,
    customerKey,
  }
  // Backends that can share the source's bytes do (one drive: a hard link); else it is copied.
  const part = ctx.storage.uploadPartCopy
    ? await ctx.storage.uploadPartCopy(input)
    : await uploadPartCopyByReading(ctx.storage, input)
  const confirmed = encryptionHeaders(customerKey && { kind: 'SSE-C', keyMd5: customerKey.keyMd5 })
  for (const [name, value] of Object.entries(confirmed)) res.setHeader(name, value)
  // The version copied, when the source has versions (S3's x-amz-copy-source-version-id).
  if (sourceInfo.versionId !== undefined) res.setHeader('x-amz-copy-source-version-id', sourceInfo.versionId)
  const xml = renderXml('CopyPartResult', {
    ETag: `"${part.etag}"`,
    LastModified: part.lastModified.toISOString(),
    // The part's checksum in the upload's algorithm, which CompleteMultipartUpload must name.
    ...checksumFields(part.checksum),
  })
  sendXml(res, 200, xml)
}

/**
 * `bytes=first-last` inside the source: InvalidArgument (S3's answer) when not of that form,
 * 416 InvalidRange when it is but reaches past the source's last byte.
 */
function parseCopyRange(header: string, source: ObjectInfo): ByteRange {
  const m = COPY_RANGE.exec(header.trim())
  const start = m ? Number(m[1]) : Number.NaN
  const end = m ? Number(m[2]) : Number.NaN
  if (!m || end < start) {
    throw new S3ServerError(
      'InvalidArgument',
      `The x-amz-copy-source-range '${header}' must be of the form bytes=first-last, first <= last.`,
      { ArgumentName: 'x-amz-copy-source-range', ArgumentValue: header },
    )
  }
  if (end >= source.size) {
    throw new S3ServerError(
      'InvalidRange',
      `The x-amz-copy-source-range '${header}' reaches past the source's ${source.size} bytes.`,
      { RangeRequested: header },
    )
  }
  return { start, end }
}
