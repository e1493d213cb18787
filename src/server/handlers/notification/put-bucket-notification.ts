import { readBody } from '../../body/read-body.js'
import { openRequestBody } from '../../body/request-body.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty } from '../../response/send.js'
import { withS3Errors } from './as-s3-error.js'
import { notificationService } from './notification-service.js'

/** Largest NotificationConfiguration document accepted. */
const MAX_DOCUMENT_BYTES = 256 * 1024

/**
 * PutBucketNotificationConfiguration: validates the `NotificationConfiguration` (known events,
 * prefix/suffix rules, no overlapping rules, every ARN a configured target), stores it as the
 * bucket's `notification` document and applies its rules at once. An empty configuration
 * removes them. An empty body is refused with MissingContentLength, as MinIO does.
 */
export const handlePutBucketNotification: Handler = async ({ ctx, req, res, route, auth }) => {
  const service = notificationService(ctx)
  if (req.headers['content-length'] === '0') {
    throw new S3ServerError('MissingContentLength', 'A NotificationConfiguration document is required.')
  }
  const { body } = openRequestBody(req, auth, ctx.auth.crypto, MAX_DOCUMENT_BYTES)
  const xml = (await readBody(body, MAX_DOCUMENT_BYTES)).toString('utf8')
  if (xml.trim() === '') {
    throw new S3ServerError('MissingContentLength', 'A NotificationConfiguration document is required.')
  }
  await withS3Errors(() => service.putBucketConfig(route.bucket, xml))
  sendEmpty(res, 200)
}
