import type { CommitView } from '../commit-queue.js'
import type { Drive } from '../drive.js'
import { encodeUploadKey, partRange } from '../upload-codec.js'

/**
 * Removes an upload's record and its part records in the commit; returns the part files' IDs
 * for the caller to unlink (or keep) after the commit. The part scan reads committed state, so
 * the calling mutation must run exclusively.
 */
export function removeUploadRecords(
  drive: Drive,
  view: CommitView,
  bucket: string,
  key: string,
  uploadId: string,
): string[] {
  const ids: string[] = []
  for (const { key: partKey, value } of drive.meta.parts.getRange(partRange(uploadId))) {
    ids.push(value.id)
    view.remove(drive.meta.parts, partKey)
  }
  view.remove(drive.meta.uploads, encodeUploadKey(bucket, key, uploadId))
  return ids
}
