import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import {
  BUCKET_REPLICATION_DOCUMENT,
  renderReplicationConfiguration,
} from '../../replication/replication-configuration.js'
import type { XmlTree } from '../../replication/xml-schema.js'
import { sendXml } from '../../response/send.js'

/** GetBucketReplication: the stored `ReplicationConfiguration`, or 404 ReplicationConfigurationNotFoundError. */
export const handleGetBucketReplication: Handler = async ({ ctx, res, route }) => {
  const text = await ctx.storage.getBucketDocument(route.bucket, BUCKET_REPLICATION_DOCUMENT)
  if (text === undefined) {
    throw new S3ServerError('ReplicationConfigurationNotFoundError', undefined, { BucketName: route.bucket })
  }
  sendXml(res, 200, renderReplicationConfiguration(JSON.parse(text) as XmlTree))
}
