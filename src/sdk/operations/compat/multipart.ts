/**
 * minio-js's public multipart calls: start an upload, complete it from `{ part, etag }` pairs,
 * abort it, and find the newest incomplete upload of a key. Thin checks over the operations the
 * SDK's own uploads use.
 */
import { InvalidArgumentError, InvalidObjectNameError } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import type { UploadedObjectInfo } from '../../upload/uploaded-object-info.js'
import { assertBucketName, assertObjectName } from '../../validate.js'
import { uploadsOfKey } from '../listing/list-multipart-uploads.js'
import { abortMultipartUpload } from '../object/multipart/abort-multipart-upload.js'
import { completeMultipartUpload } from '../object/multipart/complete-multipart-upload.js'
import { createMultipartUpload } from '../object/multipart/create-multipart-upload.js'

/** One uploaded part, as minio-js's `completeMultipartUpload` takes it. */
export interface PartEtag {
  part: number
  etag: string
}

/**
 * Starts a multipart upload; `headers` are sent as given (names lower-cased, values as text),
 * so metadata goes as `x-amz-meta-*`. Resolves with the upload ID.
 * @example
 * const uploadId = await initiateNewMultipartUpload(transport, 'videos', 'a.mp4', { 'content-type': 'video/mp4' })
 */
export async function initiateNewMultipartUpload(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  headers: unknown,
): Promise<string> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  // minio-js's check, with its error class and wording.
  if (typeof headers !== 'object' || headers === null) {
    throw new InvalidObjectNameError('contentType should be of type "object"')
  }
  const sent: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && value !== null) sent[name.toLowerCase()] = String(value)
  }
  return createMultipartUpload(t, bucketName, objectName, sent)
}

/**
 * Completes an upload from its parts (`{ part, etag }`, ETags with or without quotes).
 * @example
 * const { etag, versionId } = await completeUpload(transport, 'videos', 'a.mp4', uploadId, [{ part: 1, etag }])
 */
export async function completeUpload(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  uploadId: unknown,
  etags: unknown,
): Promise<UploadedObjectInfo> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const id = requireUploadId(uploadId)
  if (!Array.isArray(etags)) throw new TypeError('etags should be of type "Array"')
  const parts = etags.map((entry: unknown, index) => {
    const { part, etag } = (entry ?? {}) as Partial<PartEtag>
    if (!Number.isInteger(part) || typeof etag !== 'string') {
      throw new InvalidArgumentError(`Invalid etags[${index}]: must be { part: number, etag: string }`)
    }
    return { partNumber: part as number, etag: etag.replace(/^"|"$/g, '') }
  })
  return completeMultipartUpload(t, bucketName, objectName, id, parts)
}

/**
 * Aborts an incomplete upload.
 * @example
 * await abortUpload(transport, 'videos', 'a.mp4', uploadId)
 */
export async function abortUpload(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  uploadId: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  await abortMultipartUpload(t, bucketName, objectName, requireUploadId(uploadId))
}

/**
 * The ID of the newest incomplete upload of exactly `objectName`, or undefined.
 * @example
 * const uploadId = await findUploadId(transport, 'videos', 'a.mp4')
 */
export async function findUploadId(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
): Promise<string | undefined> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const uploads = await uploadsOfKey(t, bucketName, objectName)
  let newest = uploads[0]
  for (const upload of uploads) if (upload.initiated.getTime() > newest!.initiated.getTime()) newest = upload
  return newest?.uploadId
}

function requireUploadId(uploadId: unknown): string {
  if (typeof uploadId !== 'string') throw new TypeError('uploadId should be of type "string"')
  if (uploadId === '') throw new InvalidArgumentError('uploadId cannot be empty')
  return uploadId
}
