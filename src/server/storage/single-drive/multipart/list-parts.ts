import type { ListPartsInput, ListPartsResult } from '../../types.js'
import type { Drive } from '../drive.js'
import { decodePartNumber, partRange } from '../upload-codec.js'
import { toPartInfo, toUploadInfo } from '../upload-records.js'
import { requireUpload } from './require-upload.js'

const MAX_PARTS = 1000

/** An upload's parts in part-number order, after `partNumberMarker`, at most `maxParts` (≤ 1000). */
export function listParts(drive: Drive, input: ListPartsInput): ListPartsResult {
  const upload = requireUpload(drive, input.bucket, input.key, input.uploadId)
  const maxParts = Math.min(Math.max(input.maxParts ?? MAX_PARTS, 0), MAX_PARTS)
  const range = partRange(input.uploadId, input.partNumberMarker ?? 0)
  // One part past the page tells whether the listing is truncated.
  const found = Array.from(drive.meta.parts.getRange({ ...range, limit: maxParts + 1 }), ({ key, value }) =>
    toPartInfo(decodePartNumber(key), value),
  )
  const parts = found.slice(0, maxParts)
  const isTruncated = found.length > maxParts
  const result: ListPartsResult = {
    upload: toUploadInfo(input.bucket, input.key, input.uploadId, upload),
    parts,
    isTruncated,
  }
  if (isTruncated && parts.length > 0) result.nextPartNumberMarker = parts.at(-1)!.partNumber
  return result
}
