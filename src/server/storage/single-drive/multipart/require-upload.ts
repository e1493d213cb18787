import { S3ServerError } from '../../../errors.js'
import { isUploadId } from '../../common/upload-id.js'
import type { Drive } from '../drive.js'
import { requireBucket } from '../lookup.js'
import { encodeUploadKey } from '../upload-codec.js'
import type { StoredUpload } from '../upload-records.js'

/** The upload in progress, or NoSuchUpload (NoSuchBucket when the bucket is missing). */
export function requireUpload(drive: Drive, bucket: string, key: string, uploadId: string): StoredUpload {
  const stored = isUploadId(uploadId)
    ? drive.meta.uploads.get(encodeUploadKey(bucket, key, uploadId))
    : undefined
  if (stored) return stored
  requireBucket(drive, bucket)
  throw noSuchUpload(uploadId)
}

/** NoSuchUpload naming `uploadId`. */
export function noSuchUpload(uploadId: string): S3ServerError {
  return new S3ServerError('NoSuchUpload', undefined, { UploadId: uploadId })
}
