import type { Handler } from '../../context.js'
import {
  LIFECYCLE_REPEATED,
  MAX_LIFECYCLE_BYTES,
  parseLifecycleConfiguration,
} from '../../ilm/lifecycle-configuration.js'
import { LIFECYCLE_DOCUMENT } from '../../ilm/lifecycle-rules.js'
import { sendEmpty } from '../../response/send.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'

/**
 * 1,000 rules of a dozen elements each, with an And of ten tags (3 elements per tag), need
 * about 45 K elements; the depth is LifecycleConfiguration > Rule > Filter > And > Tag > Key.
 */
const LIFECYCLE_LIMITS: XmlDocumentLimits = {
  maxBytes: MAX_LIFECYCLE_BYTES,
  maxElements: 64 * 1024,
  maxDepth: 6,
  repeated: LIFECYCLE_REPEATED,
}

/**
 * PutBucketLifecycleConfiguration: checks the `LifecycleConfiguration` as S3 does
 * (ilm/lifecycle-configuration.ts), stores its rules as the bucket's `lifecycle` document,
 * replacing any before, and answers 200. The scanner applies them from its next pass.
 */
export const handlePutBucketLifecycle: Handler = async (args) => {
  const { ctx, res, route } = args
  const content = await readXmlDocument(args, 'LifecycleConfiguration', LIFECYCLE_LIMITS)
  const rules = parseLifecycleConfiguration(content)
  await ctx.storage.putBucketDocument(route.bucket, LIFECYCLE_DOCUMENT, JSON.stringify(rules))
  sendEmpty(res, 200)
}
