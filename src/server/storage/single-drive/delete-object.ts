import { removeDataFiles } from './data-files.js'
import type { Drive } from './drive.js'
import { encodeObjectKey } from './key-codec.js'
import { noSuchBucket } from './lookup.js'
import { fileIdsOf, releaseInline } from './object-data.js'
import { adjustUsedBytes } from './used-bytes.js'

/** Deletes `key`; a missing key succeeds (S3 semantics), a missing bucket is NoSuchBucket. */
export async function deleteObject(drive: Drive, bucket: string, key: string): Promise<void> {
  const { buckets, objects } = drive.meta
  const lmdbKey = encodeObjectKey(bucket, key)
  const outcome = await drive.commits.run((view) => {
    if (!view.get(buckets, bucket)) return { missingBucket: true }
    const previous = view.get(objects, lmdbKey)
    if (!previous) return { missingBucket: false }
    releaseInline(view, drive.meta, previous)
    view.remove(objects, lmdbKey)
    adjustUsedBytes(view, drive.meta, -previous.size)
    return { missingBucket: false, removed: previous }
  })
  if (outcome.missingBucket) throw noSuchBucket(bucket)
  if (outcome.removed) await removeDataFiles(drive, fileIdsOf(outcome.removed))
}
