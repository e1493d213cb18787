import { BUCKET_POLICY_DOCUMENT } from '../../auth/bucket-policies.js'
import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'

/** DeleteBucketPolicy: removes the policy (none stored is fine) and answers 204, as S3. */
export const handleDeleteBucketPolicy: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_POLICY_DOCUMENT, undefined)
  sendEmpty(res, 204)
}
