import { S3ServerError } from '../../errors.js'
import type { BucketInfo } from '../object-layer.js'
import { removeDataFiles } from './data-files.js'
import { bucketDocumentRange } from './documents.js'
import type { Drive } from './drive.js'
import { encodeBucketBase, encodePastPrefix } from './key-codec.js'
import { noSuchBucket, requireBucket } from './lookup.js'
import { removeUploadRecords } from './multipart/remove-upload.js'
import { type StoredBucket, toBucketInfo } from './records.js'
import { decodeUploadKey } from './upload-codec.js'

/** Every bucket, sorted by name (LMDB keeps them in that order). */
export function listBuckets(drive: Drive): BucketInfo[] {
  return Array.from(drive.meta.buckets.getRange({}), ({ key, value }) => toBucketInfo(key, value))
}

/** The bucket, or NoSuchBucket. */
export function getBucket(drive: Drive, name: string): BucketInfo {
  return toBucketInfo(name, requireBucket(drive, name))
}

/** Creates `name`; BucketAlreadyOwnedByYou when it exists (there is one owner: root). */
export async function createBucket(drive: Drive, name: string, region: string): Promise<BucketInfo> {
  const stored: StoredBucket = { created: Date.now(), region }
  const created = await drive.commits.run((view) => {
    if (view.get(drive.meta.buckets, name)) return false
    view.put(drive.meta.buckets, name, stored)
    return true
  })
  if (!created) throw new S3ServerError('BucketAlreadyOwnedByYou', undefined, { BucketName: name })
  return toBucketInfo(name, stored)
}

/**
 * Deletes an empty bucket: NoSuchBucket when missing, BucketNotEmpty when it holds any object,
 * version or delete marker.
 * Its documents and any uploads in progress (records and part files) go with it.
 */
export async function deleteBucket(drive: Drive, name: string): Promise<void> {
  const { buckets, objects, versions, documents, uploads } = drive.meta
  const base = encodeBucketBase(name)
  let partIds: string[] = []
  // Exclusive: the emptiness check is a range scan, which cannot see a same-batch PUT.
  const outcome = await drive.commits.run(
    (view) => {
      if (!view.get(buckets, name)) return 'missing'
      // A key with noncurrent versions has a latest record (versions.ts); both are checked anyway.
      const range = { start: base, end: encodePastPrefix(base, ''), limit: 1 }
      if (Array.from(objects.getKeys(range)).length > 0) return 'not-empty'
      if (Array.from(versions.getKeys(range)).length > 0) return 'not-empty'
      view.remove(buckets, name)
      for (const key of documents.getKeys(bucketDocumentRange(name))) view.remove(documents, key)
      // Uploads in progress do not keep a bucket alive (as MinIO): they go with it.
      for (const lmdbKey of uploads.getKeys({ start: base, end: encodePastPrefix(base, '') })) {
        const { key, uploadId } = decodeUploadKey(lmdbKey, base.length)
        partIds = partIds.concat(removeUploadRecords(drive, view, name, key, uploadId))
      }
      return 'deleted'
    },
    { exclusive: true },
  )
  if (outcome === 'missing') throw noSuchBucket(name)
  if (outcome === 'not-empty') throw new S3ServerError('BucketNotEmpty', undefined, { BucketName: name })
  await removeDataFiles(drive, partIds)
}
