import type { Handler } from '../../context.js'
import {
  BUCKET_REPLICATION_DOCUMENT,
  REPLICATION_REPEATED,
  readReplicationConfiguration,
} from '../../replication/replication-configuration.js'
import { sendEmpty } from '../../response/send.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'

/**
 * 1,000 rules of a few hundred bytes, with room for long prefixes and tags; the deepest element
 * is ReplicationConfiguration/Rule/Destination/ReplicationTime/Time/Minutes (6).
 */
const REPLICATION_LIMITS: XmlDocumentLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxElements: 64 * 1024,
  maxDepth: 6,
  repeated: REPLICATION_REPEATED,
}

/**
 * PutBucketReplication: checks the `ReplicationConfiguration` as S3 does and stores it as the
 * bucket's `replication` document, replacing any before; 200. Silo replicates nothing: the
 * configuration is kept for the clients that read it back. S3 also requires versioning Enabled
 * on the bucket; Silo has no versioning yet, so that check would refuse every configuration,
 * and it is not made (docs/s3-compatibility.md).
 */
export const handlePutBucketReplication: Handler = async (args) => {
  const { ctx, res, route } = args
  const content = await readXmlDocument(args, 'ReplicationConfiguration', REPLICATION_LIMITS)
  const tree = readReplicationConfiguration(content)
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_REPLICATION_DOCUMENT, JSON.stringify(tree))
  sendEmpty(res, 200)
}
