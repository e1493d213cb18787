import type { Handler } from '../../context.js'
import { BUCKET_REPLICATION_DOCUMENT } from '../../replication/replication-configuration.js'
import { sendEmpty } from '../../response/send.js'

/** DeleteBucketReplication: removes the bucket's configuration (none stored is fine); 204, as S3. */
export const handleDeleteBucketReplication: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_REPLICATION_DOCUMENT, undefined)
  sendEmpty(res, 204)
}
