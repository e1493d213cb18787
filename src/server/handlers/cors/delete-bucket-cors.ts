import type { Handler } from '../../context.js'
import { BUCKET_CORS_DOCUMENT } from '../../cors/bucket-cors.js'
import { sendEmpty } from '../../response/send.js'

/**
 * DeleteBucketCors: removes the bucket's CORS rules (none stored is fine) and answers 204, as
 * S3; the server-wide CORS applies to the bucket again.
 */
export const handleDeleteBucketCors: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_CORS_DOCUMENT, undefined)
  sendEmpty(res, 204)
}
