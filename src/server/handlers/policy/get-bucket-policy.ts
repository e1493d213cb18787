import { BUCKET_POLICY_DOCUMENT } from '../../auth/bucket-policies.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'

/** GetBucketPolicy: the stored document as written, or NoSuchBucketPolicy (404). */
export const handleGetBucketPolicy: Handler = async ({ ctx, res, route }) => {
  const text = await ctx.storage.getBucketDocument(route.bucket, BUCKET_POLICY_DOCUMENT)
  if (text === undefined) {
    throw new S3ServerError('NoSuchBucketPolicy', `The bucket '${route.bucket}' has no policy.`, {
      BucketName: route.bucket,
    })
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}
