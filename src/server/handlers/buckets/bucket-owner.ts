import type { Identity } from '../../auth/credentials.js'
import type { ObjectLayer } from '../../storage/object-layer.js'

/**
 * The per-bucket document naming the IAM user who created the bucket. Absent for buckets the
 * root created (and for buckets made before owners were recorded): the root owns every bucket
 * of the deployment, as on MinIO, and an IAM user owns those it created.
 */
export const BUCKET_OWNER_DOCUMENT = 'owner.json'

/**
 * Records `identity` as the owner of a bucket it just created (nothing for the root).
 *
 * @example await recordBucketOwner(ctx.storage, 'photos', auth.identity)
 */
export async function recordBucketOwner(
  storage: ObjectLayer,
  bucket: string,
  identity: Identity,
): Promise<void> {
  if (identity.root || identity.anonymous) return
  await storage.putBucketDocument(
    bucket,
    BUCKET_OWNER_DOCUMENT,
    JSON.stringify({ accessKey: identity.accessKey }),
  )
}

/**
 * Whether `identity` owns `bucket`: the root owns all; a user, those whose owner document names it.
 *
 * @example if (await ownsBucket(ctx.storage, 'photos', auth.identity)) ...
 */
export async function ownsBucket(storage: ObjectLayer, bucket: string, identity: Identity): Promise<boolean> {
  if (identity.root) return true
  if (identity.anonymous) return false
  const text = await storage.getBucketDocument(bucket, BUCKET_OWNER_DOCUMENT).catch(() => undefined)
  if (text === undefined) return false
  try {
    return (JSON.parse(text) as { accessKey?: unknown }).accessKey === identity.accessKey
  } catch {
    return false
  }
}
