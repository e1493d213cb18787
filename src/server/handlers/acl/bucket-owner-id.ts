import type { ServerContext } from '../../context.js'
import { BUCKET_OWNER_DOCUMENT } from '../buckets/bucket-owner.js'

/**
 * The canonical ID Silo answers for a bucket's owner: the access key of the IAM user whose
 * `owner.json` names it, else the root's (the root owns every other bucket); NoSuchBucket for a
 * missing bucket. Objects belong to their bucket's owner, as under S3's BucketOwnerEnforced.
 *
 * @example const id = await readBucketOwnerId(ctx, 'photos') // 'siloadmin'
 */
export async function readBucketOwnerId(ctx: ServerContext, bucket: string): Promise<string> {
  const text = await ctx.storage.getBucketDocument(bucket, BUCKET_OWNER_DOCUMENT)
  if (text !== undefined) {
    try {
      const { accessKey } = JSON.parse(text) as { accessKey?: unknown }
      if (typeof accessKey === 'string' && accessKey !== '') return accessKey
    } catch {
      // An unreadable owner document: the root, as for buckets made before owners were recorded.
    }
  }
  return ctx.iam.root.current.accessKey
}
