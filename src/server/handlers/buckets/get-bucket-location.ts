import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { DEFAULT_REGION, regionOfBucket } from '../../server-region.js'

/**
 * GetBucketLocation: the region to sign the bucket's requests for (`regionOfBucket`: its
 * LocationConstraint, or the configured region when there is one); empty for us-east-1, as S3.
 */
export const handleGetBucketLocation: Handler = async ({ ctx, res, route }) => {
  const bucket = await ctx.storage.getBucket(route.bucket)
  const region = regionOfBucket(ctx.configuredRegion, bucket.region)
  sendXml(res, 200, renderXml('LocationConstraint', { '#text': region === DEFAULT_REGION ? '' : region }))
}
