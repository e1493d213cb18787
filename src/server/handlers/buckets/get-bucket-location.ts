import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'

/** GetBucketLocation: the bucket's region; empty for us-east-1, as S3 answers. */
export const handleGetBucketLocation: Handler = async ({ ctx, res, route }) => {
  const bucket = await ctx.storage.getBucket(route.bucket)
  const region = bucket.region || ctx.region
  sendXml(res, 200, renderXml('LocationConstraint', { '#text': region === 'us-east-1' ? '' : region }))
}
