import { checkPartNumber } from '../../common/part-checks.js'
import type { PartInfo, UploadPartInput } from '../../types.js'
import { removeDataFile } from '../data-files.js'
import type { Drive } from '../drive.js'
import { createObjectId } from '../layout.js'
import { encodePartKey, encodeUploadKey } from '../upload-codec.js'
import { type StoredPart, toPartInfo } from '../upload-records.js'
import { writeData } from '../write-data.js'
import { noSuchUpload, requireUpload } from './require-upload.js'

/**
 * Stores one part as its own data file (never inline: Complete turns part files into the
 * object without copying them). Re-uploading a part number replaces it. The commit checks the
 * upload is still in progress, so a part racing an abort or completion leaves no file behind.
 */
export async function uploadPart(drive: Drive, input: UploadPartInput): Promise<PartInfo> {
  checkPartNumber(input.partNumber)
  requireUpload(drive, input.bucket, input.key, input.uploadId)
  const id = createObjectId()
  const received = await writeData(drive, id, input, 0)
  const stored: StoredPart = {
    id,
    size: received.size,
    etag: input.etag ?? received.md5Hex,
    mtime: Date.now(),
  }
  if (input.meta !== undefined) stored.meta = input.meta
  const uploadKey = encodeUploadKey(input.bucket, input.key, input.uploadId)
  const partKey = encodePartKey(input.uploadId, input.partNumber)
  const outcome = await drive.commits
    .run((view) => {
      if (!view.get(drive.meta.uploads, uploadKey)) return { gone: true }
      const replaced = view.get(drive.meta.parts, partKey)
      view.put(drive.meta.parts, partKey, stored)
      return { gone: false, replaced }
    })
    .catch(async (error) => {
      await removeDataFile(drive, id)
      throw error
    })
  if (outcome.gone) {
    await removeDataFile(drive, id)
    throw noSuchUpload(input.uploadId)
  }
  if (outcome.replaced) await removeDataFile(drive, outcome.replaced.id)
  return toPartInfo(input.partNumber, stored)
}
