import type { Handler } from '../../context.js'
import { LIFECYCLE_DOCUMENT } from '../../ilm/lifecycle-rules.js'
import { sendEmpty } from '../../response/send.js'

/** DeleteBucketLifecycle: removes the bucket's rules (none stored is fine) and answers 204, as S3. */
export const handleDeleteBucketLifecycle: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.putBucketDocument(route.bucket, LIFECYCLE_DOCUMENT, undefined)
  sendEmpty(res, 204)
}
