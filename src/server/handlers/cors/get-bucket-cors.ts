import type { Handler } from '../../context.js'
import { BUCKET_CORS_DOCUMENT } from '../../cors/bucket-cors.js'
import { type CorsRule, renderCorsConfiguration } from '../../cors/cors-configuration.js'
import { S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'

/** GetBucketCors: the bucket's `CORSConfiguration`, or NoSuchCORSConfiguration (404). */
export const handleGetBucketCors: Handler = async ({ ctx, res, route }) => {
  const text = await ctx.storage.getBucketDocument(route.bucket, BUCKET_CORS_DOCUMENT)
  if (text === undefined) {
    throw new S3ServerError('NoSuchCORSConfiguration', 'The CORS configuration does not exist.', {
      BucketName: route.bucket,
    })
  }
  sendXml(res, 200, renderCorsConfiguration(JSON.parse(text) as CorsRule[]))
}
