import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'
import {
  BUCKET_ENCRYPTION_DOCUMENT,
  ENCRYPTION_REPEATED,
  parseEncryptionConfiguration,
} from './bucket-encryption.js'

/**
 * A configuration is one rule of four short elements; 64 KiB and 64 elements leave room for
 * whitespace and comments and refuse anything else while it is still arriving.
 */
const ENCRYPTION_LIMITS: XmlDocumentLimits = {
  maxBytes: 64 * 1024,
  maxElements: 64,
  maxDepth: 4,
  repeated: ENCRYPTION_REPEATED,
}

/**
 * PutBucketEncryption: checks the `ServerSideEncryptionConfiguration` (one AES256 rule; SSE-KMS
 * is 501) and stores it as the bucket's `encryption` document; from the next write, objects
 * written without encryption headers are encrypted with SSE-S3.
 */
export const handlePutBucketEncryption: Handler = async (args) => {
  const { ctx, res, route } = args
  const content = await readXmlDocument(args, 'ServerSideEncryptionConfiguration', ENCRYPTION_LIMITS)
  const config = parseEncryptionConfiguration(content)
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_ENCRYPTION_DOCUMENT, JSON.stringify(config))
  sendEmpty(res, 200)
}
