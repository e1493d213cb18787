import { S3ServerError } from '../../errors.js'
import { partSizeError, unquote } from '../common/part-checks.js'
import type {
  CompleteMultipartUploadInput,
  CreateMultipartUploadInput,
  ListPartsResult,
  ObjectInfo,
  ObjectLayer,
  PartInfo,
  UploadInfo,
  UploadPartInput,
} from '../object-layer.js'
import { checkCustomerKey, type EncryptionOptions, openObjectKey, sealNewObjectKey } from './key-access.js'
import { plainSize } from './package-format.js'
import { sealBody } from './seal-body.js'
import { publicObjectInfo, publicUploadInfo, readSseRecord, sseHeaders } from './sse-record.js'

/**
 * Multipart uploads through the encrypting layer. The upload's object key is sealed into the
 * upload's headers at creation (so the completed object has it); each part is its own stream,
 * its key bound to its part number, so parts arrive in any order and can be replaced.
 */

/** CreateMultipartUpload: an encrypted upload records its sealed object key. */
export async function createUpload(
  inner: ObjectLayer,
  options: EncryptionOptions,
  input: CreateMultipartUploadInput,
): Promise<UploadInfo> {
  const { encryption, ...rest } = input
  if (!encryption) return publicUploadInfo(await inner.createMultipartUpload(rest))
  const { record } = sealNewObjectKey(options, encryption, input.bucket, input.key)
  const upload = await inner.createMultipartUpload({
    ...rest,
    headers: { ...input.headers, ...sseHeaders(record) },
  })
  const info = publicUploadInfo(upload)
  return encryption.kind === 'SSE-C'
    ? { ...info, encryption: { kind: 'SSE-C', keyMd5: encryption.keyMd5 } }
    : info
}

/** UploadPart: encrypted as the upload says (the SSE-C key on every part). */
export async function uploadPart(
  inner: ObjectLayer,
  options: EncryptionOptions,
  input: UploadPartInput,
): Promise<PartInfo> {
  const { customerKey, ...rest } = input
  const { upload } = await inner.listParts({
    bucket: input.bucket,
    key: input.key,
    uploadId: input.uploadId,
    maxParts: 1,
  })
  const record = readSseRecord(upload.headers)
  if (!record && customerKey) {
    throw new S3ServerError(
      'InvalidRequest',
      'The encryption parameters are not applicable to this upload: it was not created with SSE-C.',
    )
  }
  if (!record) return inner.uploadPart(rest)
  checkCustomerKey(record, customerKey)
  const objectKey = openObjectKey(options, record, input.bucket, input.key, customerKey)
  const sealed = sealBody(
    { body: input.body, size: input.size, contentMd5: input.contentMd5 },
    objectKey,
    input.partNumber,
    record.kind === 'SSE-S3',
  )
  const part = await inner.uploadPart({
    ...rest,
    body: sealed.body,
    size: sealed.size,
    contentMd5: undefined,
    etag: sealed.etag,
  })
  return { ...part, size: sealed.plain().size }
}

/** ListParts: plaintext sizes, the upload without internal headers. */
export async function listParts(
  inner: ObjectLayer,
  input: Parameters<ObjectLayer['listParts']>[0],
): Promise<ListPartsResult> {
  const result = await inner.listParts(input)
  const encrypted = readSseRecord(result.upload.headers) !== undefined
  return {
    ...result,
    upload: publicUploadInfo(result.upload),
    parts: encrypted ? result.parts.map((p) => ({ ...p, size: plainSize(p.size) })) : result.parts,
  }
}

/**
 * CompleteMultipartUpload: the object gets its plaintext size and part numbers in its internal
 * headers (the part streams' keys bind their numbers; a listing reports the size without reading
 * the parts). Part sizes are checked in plaintext.
 */
export async function completeUpload(
  inner: ObjectLayer,
  input: CompleteMultipartUploadInput,
): Promise<ObjectInfo> {
  const stored = await allParts(inner, input)
  const record = readSseRecord(stored.upload.headers)
  if (!record) return publicObjectInfo(await inner.completeMultipartUpload(input))
  const byNumber = new Map(stored.parts.map((p) => [p.partNumber, p]))
  const sizes: number[] = []
  for (const requested of input.parts) {
    const part = byNumber.get(requested.partNumber)
    // An unknown part or a wrong ETag: left to the backend, which answers InvalidPart.
    if (part && part.etag === unquote(requested.etag)) sizes.push(plainSize(part.size))
  }
  if (sizes.length === input.parts.length) {
    const refused = partSizeError(sizes, input.parts)
    if (refused) throw refused
  }
  const size = sizes.reduce((sum, s) => sum + s, 0)
  const internal = sseHeaders({ size, parts: input.parts.map((p) => p.partNumber) })
  const object = await inner.completeMultipartUpload({
    ...input,
    checksumHeaders: { ...input.checksumHeaders, ...internal },
  })
  return publicObjectInfo(object)
}

async function allParts(
  inner: ObjectLayer,
  input: CompleteMultipartUploadInput,
): Promise<{ upload: UploadInfo; parts: PartInfo[] }> {
  const parts: PartInfo[] = []
  let marker: number | undefined
  for (;;) {
    const page = await inner.listParts({
      bucket: input.bucket,
      key: input.key,
      uploadId: input.uploadId,
      partNumberMarker: marker,
    })
    parts.push(...page.parts)
    if (!page.isTruncated) return { upload: page.upload, parts }
    marker = page.nextPartNumberMarker
  }
}
