import { parseXmlBody } from '../../body/parse-xml-body.js'
import { readDocumentBody } from '../../body/read-document-body.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty } from '../../response/send.js'
import type { XmlDocumentLimits } from '../objects/xml-body.js'
import { withS3Errors } from './as-s3-error.js'
import { notificationService } from './notification-service.js'

/**
 * A NotificationConfiguration's bounds. S3 documents no limit; a rule takes about a dozen
 * elements (the configuration, Id, ARN, Events, Filter/S3Key/FilterRule/Name/Value), so 2,000
 * elements hold ~150 rules. The element limit also bounds the notification parser
 * (fast-xml-parser, ~1.8 µs an element measured: under 4 ms here).
 */
const NOTIFICATION_LIMITS: XmlDocumentLimits = { maxBytes: 256 * 1024, maxElements: 2000 }

/**
 * PutBucketNotificationConfiguration: validates the `NotificationConfiguration` (known events,
 * prefix/suffix rules, no rule repeating another, every ARN a configured target), stores it as the
 * bucket's `notification` document and applies its rules at once. An empty configuration
 * removes them. An empty body is refused with MissingContentLength, as MinIO does.
 */
export const handlePutBucketNotification: Handler = async (args) => {
  const { ctx, req, res, route } = args
  const service = notificationService(ctx)
  if (req.headers['content-length'] === '0') {
    throw new S3ServerError('MissingContentLength', 'A NotificationConfiguration document is required.')
  }
  const xml = (await readDocumentBody(args, NOTIFICATION_LIMITS)).toString('utf8')
  if (xml.trim() === '') {
    throw new S3ServerError('MissingContentLength', 'A NotificationConfiguration document is required.')
  }
  // The bounded, well-formed check first (no DTD, nesting and elements within the limits), so
  // the configuration's own parser only ever sees a small plain document.
  await parseXmlBody(xml, NOTIFICATION_LIMITS)
  await withS3Errors(() => service.putBucketConfig(route.bucket, xml))
  sendEmpty(res, 200)
}
