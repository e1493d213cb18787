import { checkPartNumber } from '../../common/part-checks.js'
import type { PartInfo, UploadPartInput } from '../../object-layer.js'
import { removeDataFile } from '../data-files.js'
import type { Drive } from '../drive.js'
import { createObjectId } from '../layout.js'
import type { ReceivedBody } from '../receive-body.js'
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
  const received = await writeData(drive, id, { ...input, md5: input.etag === undefined }, 0)
  return storePart(drive, input, id, received, {
    etag: input.etag?.() ?? received.md5Hex,
    checksum: input.trailingHeaders?.(),
  })
}

/** Where a part goes. */
export interface PartPlace {
  bucket: string
  key: string
  uploadId: string
  partNumber: number
}

/**
 * Commits a received part file (`id`, in `data/` already) as part `partNumber` of the upload,
 * replacing (and unlinking) an earlier upload of that part. NoSuchUpload when the upload ended
 * while the body streamed in: the file is removed and nothing changes.
 */
export async function storePart(
  drive: Drive,
  place: PartPlace,
  id: string,
  received: ReceivedBody,
  fields: { etag: string; meta?: string; checksum?: Record<string, string> },
): Promise<PartInfo> {
  const stored: StoredPart = { id, size: received.size, etag: fields.etag, mtime: Date.now() }
  if (fields.meta !== undefined) stored.meta = fields.meta
  if (fields.checksum && Object.keys(fields.checksum).length > 0) stored.checksum = fields.checksum
  const uploadKey = encodeUploadKey(place.bucket, place.key, place.uploadId)
  const partKey = encodePartKey(place.uploadId, place.partNumber)
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
    throw noSuchUpload(place.uploadId)
  }
  if (outcome.replaced) await removeDataFile(drive, outcome.replaced.id)
  return toPartInfo(place.partNumber, stored)
}
