import type { ListPartsInput, ListPartsResult } from '../../object-layer.js'
import type { Drive } from '../drive.js'
import { decodePartNumber, partRange } from '../upload-codec.js'
import { type StoredPart, type StoredUpload, toPartInfo, toUploadInfo } from '../upload-records.js'
import { requireUpload } from './require-upload.js'

const MAX_PARTS = 1000

/** An upload's parts in part-number order, after `partNumberMarker`, at most `maxParts` (≤ 1000). */
export function listParts(drive: Drive, input: ListPartsInput): ListPartsResult {
  const found = listStoredParts(drive, input)
  const result: ListPartsResult = {
    upload: toUploadInfo(input.bucket, input.key, input.uploadId, found.upload),
    parts: found.parts.map(([partNumber, stored]) => toPartInfo(partNumber, stored)),
    isTruncated: found.isTruncated,
  }
  if (found.isTruncated && found.parts.length > 0) result.nextPartNumberMarker = found.parts.at(-1)![0]
  return result
}

/** The upload and a page of its parts as stored (NoSuchUpload, NoSuchBucket). */
export function listStoredParts(
  drive: Drive,
  input: ListPartsInput,
): { upload: StoredUpload; parts: Array<[number, StoredPart]>; isTruncated: boolean } {
  const upload = requireUpload(drive, input.bucket, input.key, input.uploadId)
  const maxParts = Math.min(Math.max(input.maxParts ?? MAX_PARTS, 0), MAX_PARTS)
  const range = partRange(input.uploadId, input.partNumberMarker ?? 0)
  // One part past the page tells whether the listing is truncated.
  const found = Array.from(
    drive.meta.parts.getRange({ ...range, limit: maxParts + 1 }),
    ({ key, value }): [number, StoredPart] => [decodePartNumber(key), value],
  )
  return { upload, parts: found.slice(0, maxParts), isTruncated: found.length > maxParts }
}
