import { lowerCaseKeys } from '../../common/lower-case-keys.js'
import { createUploadId, isUploadId } from '../../common/upload-id.js'
import type { CreateMultipartUploadInput, UploadInfo } from '../../object-layer.js'
import type { Drive } from '../drive.js'
import { noSuchBucket, requireBucket } from '../lookup.js'
import { encodeUploadKey } from '../upload-codec.js'
import { type StoredUpload, toUploadInfo } from '../upload-records.js'

/** Records a new upload (durably, like any commit), so its parts survive a restart. */
export async function createMultipartUpload(
  drive: Drive,
  input: CreateMultipartUploadInput,
  /** The ID to record it under (an erasure set's drives all use one); default a fresh one. */
  chosenId?: string,
): Promise<UploadInfo> {
  requireBucket(drive, input.bucket)
  const initiated = Date.now()
  const uploadId = chosenId ?? createUploadId(initiated)
  if (!isUploadId(uploadId)) throw new RangeError(`not an upload ID: ${uploadId}`)
  const stored: StoredUpload = {
    initiated,
    contentType: input.contentType ?? 'application/octet-stream',
    headers: lowerCaseKeys(input.headers ?? {}),
  }
  const created = await drive.commits.run((view) => {
    if (!view.get(drive.meta.buckets, input.bucket)) return false
    view.put(drive.meta.uploads, encodeUploadKey(input.bucket, input.key, uploadId), stored)
    return true
  })
  if (!created) throw noSuchBucket(input.bucket)
  return toUploadInfo(input.bucket, input.key, uploadId, stored)
}
