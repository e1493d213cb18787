import { removeDataFiles } from '../data-files.js'
import type { Drive } from '../drive.js'
import { encodeUploadKey } from '../upload-codec.js'
import { removeUploadRecords } from './remove-upload.js'
import { noSuchUpload, requireUpload } from './require-upload.js'

/** Discards an upload: its records go in one commit, then its part files are unlinked. */
export async function abortMultipartUpload(
  drive: Drive,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  requireUpload(drive, bucket, key, uploadId)
  const uploadKey = encodeUploadKey(bucket, key, uploadId)
  const ids = await drive.commits.run(
    (view) => {
      if (!view.get(drive.meta.uploads, uploadKey)) return undefined
      return removeUploadRecords(drive, view, bucket, key, uploadId)
    },
    { exclusive: true },
  )
  if (!ids) throw noSuchUpload(uploadId)
  await removeDataFiles(drive, ids)
}
