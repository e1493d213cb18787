import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'
import { regionOfBucket } from '../../server-region.js'

/** HeadBucket: 200 with the bucket's region (as GetBucketLocation), or 404 (no body, as for every HEAD). */
export const handleHeadBucket: Handler = async ({ ctx, res, route }) => {
  const bucket = await ctx.storage.getBucket(route.bucket)
  sendEmpty(res, 200, { 'x-amz-bucket-region': regionOfBucket(ctx.configuredRegion, bucket.region) })
}
