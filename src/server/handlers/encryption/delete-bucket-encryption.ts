import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'
import { BUCKET_ENCRYPTION_DOCUMENT } from './bucket-encryption.js'

/**
 * DeleteBucketEncryption: removes the bucket's default encryption (none stored is fine) and
 * answers 204, as S3. Objects already written keep their encryption.
 */
export const handleDeleteBucketEncryption: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_ENCRYPTION_DOCUMENT, undefined)
  sendEmpty(res, 204)
}
