import { uriEncodePath } from '../../../shared/sigv4/uri-encode.js'
import { CHECKSUM_ALGORITHMS, CHECKSUM_PREFIX } from '../../body/checksum-algorithms.js'
import type { Handler } from '../../context.js'
import { isS3ServerError, S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { MULTIPART_LIMITS } from '../../storage/multipart-limits.js'
import type { CompleteMultipartUploadInput, ObjectInfo } from '../../storage/object-layer.js'
import { encryptionHeaders, requestCustomerKey } from '../encryption/request-encryption.js'
import { checksumFields } from '../objects/checksum-headers.js'
import { readWriteCondition } from '../objects/write-condition-headers.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'
import { readBucketVersioning } from '../versioning/bucket-versioning.js'
import { versionIdHeader } from '../versioning/version-params.js'
import { findCompletedUpload } from './completed-retry.js'
import { compositeChecksumHeaders, type RequestedPart, readCompleteChecks } from './composite-checksum.js'
import { checkUploadIsSseC } from './upload-customer-key.js'
import { readUploadId } from './upload-params.js'

// An upload has at most as many parts as there are part numbers.
const MAX_PARTS = MULTIPART_LIMITS.maxPartNumber

/**
 * A CompleteMultipartUpload document's bounds: 10,000 parts, each `<Part>` with PartNumber, ETag
 * and up to five Checksum* elements (~350 bytes escaped and indented), fit in 8 MiB.
 */
const COMPLETE_LIMITS: XmlDocumentLimits = {
  maxBytes: 8 * 1024 * 1024,
  maxElements: 1 + 8 * MAX_PARTS,
  repeated: new Set(['Part']),
  // x-amz-checksum-<alg> on a Complete is the whole object's checksum (composite-checksum.ts).
  checksumHeadersDescribeObject: true,
}

/**
 * CompleteMultipartUpload: the parts named in the body become the object (no bytes copied);
 * storage checks them (InvalidPart, InvalidPartOrder, EntityTooSmall). Publishes
 * `s3:ObjectCreated:CompleteMultipartUpload` before answering. Part checksums are checked and the
 * object's COMPOSITE checksum computed first (composite-checksum.ts). A retry of a Complete that
 * succeeded is answered the same again (see completed-retry.ts). `If-None-Match: *` / `If-Match`
 * make it a conditional write, checked where the object commits; a failed one keeps the upload.
 * In a versioned bucket the object is a new version (`x-amz-version-id`).
 */
export const handleCompleteMultipartUpload: Handler = async (args) => {
  const { ctx, res, route, emit } = args
  const uploadId = readUploadId(route)
  const condition = readWriteCondition(args.req.headers)
  const doc = await readXmlDocument(args, 'CompleteMultipartUpload', COMPLETE_LIMITS)
  const parts = readParts(doc)
  const customerKey = requestCustomerKey(args.req)
  const input: CompleteMultipartUploadInput = {
    bucket: route.bucket,
    key: route.key,
    uploadId,
    parts,
    condition,
    versioning: await readBucketVersioning(ctx.storage, route.bucket),
  }
  let info: ObjectInfo
  try {
    // Inside the try: a retry of a Complete that succeeded finds no upload to list (NoSuchUpload).
    if (customerKey) await checkUploadIsSseC(ctx.storage, input)
    input.checksumHeaders = await compositeChecksumHeaders(
      ctx.storage,
      input,
      parts,
      readCompleteChecks(args.req.headers),
    )
    info = await ctx.storage.completeMultipartUpload(input)
    await emit([
      {
        name: 's3:ObjectCreated:CompleteMultipartUpload',
        bucket: route.bucket,
        key: route.key,
        object: info,
      },
    ])
  } catch (e) {
    // A retry of a Complete that succeeded: the same answer, no second event (issue 19).
    const done =
      isS3ServerError(e) && e.code === 'NoSuchUpload'
        ? await findCompletedUpload(ctx.storage, input)
        : undefined
    if (!done) throw e
    info = done
  }
  const answered = { ...encryptionHeaders(info.encryption), ...versionIdHeader(info) }
  for (const [name, value] of Object.entries(answered)) res.setHeader(name, value)
  const host = String(args.req.headers.host ?? 'localhost')
  const xml = renderXml('CompleteMultipartUploadResult', {
    Location: `http://${host}${uriEncodePath(route.path)}`,
    Bucket: route.bucket,
    Key: route.key,
    ETag: `"${info.etag}"`,
    ...checksumFields(info.headers),
    ...(info.headers['x-amz-checksum-type'] ? { ChecksumType: info.headers['x-amz-checksum-type'] } : {}),
  })
  sendXml(res, 200, xml)
}

/**
 * The `<Part>` list: 1 to 10,000 parts, each with a PartNumber (1..10,000) and an ETag, else
 * MalformedXML.
 */
function readParts(doc: Record<string, unknown>): RequestedPart[] {
  const parts = Array.isArray(doc.Part) ? (doc.Part as unknown[]) : []
  if (parts.length === 0) throw new S3ServerError('MalformedXML', 'CompleteMultipartUpload names no Part.')
  if (parts.length > MAX_PARTS) {
    throw new S3ServerError(
      'MalformedXML',
      `CompleteMultipartUpload names ${parts.length} parts; at most ${MAX_PARTS}.`,
    )
  }
  return parts.map((part) => {
    const fields = typeof part === 'object' && part !== null ? (part as Record<string, unknown>) : {}
    const number = typeof fields.PartNumber === 'string' ? fields.PartNumber.trim() : ''
    const etag = typeof fields.ETag === 'string' ? fields.ETag.trim() : ''
    if (!/^\d{1,5}$/.test(number) || etag === '') {
      throw new S3ServerError('MalformedXML', 'Every Part needs a PartNumber and an ETag.')
    }
    return { partNumber: Number(number), etag, checksum: readPartChecksum(fields) }
  })
}

/** A `<Part>`'s `Checksum*` elements, by header name (`ChecksumCRC32` → `x-amz-checksum-crc32`). */
function readPartChecksum(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [suffix, algorithm] of Object.entries(CHECKSUM_ALGORITHMS)) {
    const value = fields[`Checksum${algorithm.name}`]
    if (typeof value === 'string') out[CHECKSUM_PREFIX + suffix] = value.trim()
  }
  return out
}
