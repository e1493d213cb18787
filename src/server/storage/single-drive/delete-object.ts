import { removeDataFile } from './data-files.js'
import type { Drive } from './drive.js'
import { encodeObjectKey } from './key-codec.js'
import { noSuchBucket } from './lookup.js'
import { STATE_KEYS } from './meta-store.js'

/** Deletes `key`; a missing key succeeds (S3 semantics), a missing bucket is NoSuchBucket. */
export async function deleteObject(drive: Drive, bucket: string, key: string): Promise<void> {
  const { buckets, objects, state } = drive.meta
  const lmdbKey = encodeObjectKey(bucket, key)
  const outcome = await drive.commits.run((view) => {
    if (!view.get(buckets, bucket)) return { missingBucket: true }
    const previous = view.get(objects, lmdbKey)
    if (!previous) return { missingBucket: false }
    const used = (view.get(state, STATE_KEYS.usedBytes) as number | undefined) ?? 0
    view.remove(objects, lmdbKey)
    view.put(state, STATE_KEYS.usedBytes, used - previous.size)
    return { missingBucket: false, removedId: previous.id }
  })
  if (outcome.missingBucket) throw noSuchBucket(bucket)
  if (outcome.removedId) await removeDataFile(drive, outcome.removedId)
}
