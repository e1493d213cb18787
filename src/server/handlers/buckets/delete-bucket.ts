import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'

/**
 * DeleteBucket: 204; storage refuses a non-empty bucket with BucketNotEmpty. The bucket's event
 * rules go with it, so a bucket later created under the same name starts with none.
 */
export const handleDeleteBucket: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.deleteBucket(route.bucket)
  ctx.notifications?.forgetBucket(route.bucket)
  sendEmpty(res, 204)
}
