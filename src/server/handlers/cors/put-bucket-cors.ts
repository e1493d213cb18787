import type { Handler } from '../../context.js'
import { BUCKET_CORS_DOCUMENT } from '../../cors/bucket-cors.js'
import { CORS_REPEATED, MAX_CORS_BYTES, parseCorsConfiguration } from '../../cors/cors-configuration.js'
import { sendEmpty } from '../../response/send.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'

/**
 * S3's 64 KiB document; the smallest element (`<ID/>`) takes 5 bytes, so 64 KiB holds at most
 * ~13 K of them: past that the document is refused while it is still arriving.
 */
const CORS_LIMITS: XmlDocumentLimits = {
  maxBytes: MAX_CORS_BYTES,
  maxElements: 16 * 1024,
  maxDepth: 3,
  repeated: CORS_REPEATED,
}

/**
 * PutBucketCors: checks the `CORSConfiguration` as S3 does (MalformedXML, InvalidRequest naming
 * the bad method or wildcard, at most 100 rules), stores its rules as the bucket's `cors`
 * document, replacing any before, and answers 200. The rules apply from the next request.
 */
export const handlePutBucketCors: Handler = async (args) => {
  const { ctx, res, route } = args
  const content = await readXmlDocument(args, 'CORSConfiguration', CORS_LIMITS)
  const rules = parseCorsConfiguration(content)
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_CORS_DOCUMENT, JSON.stringify(rules))
  sendEmpty(res, 200)
}
