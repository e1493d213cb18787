import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'

/** DeleteBucket: 204; storage refuses a non-empty bucket with BucketNotEmpty. */
export const handleDeleteBucket: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.deleteBucket(route.bucket)
  sendEmpty(res, 204)
}
