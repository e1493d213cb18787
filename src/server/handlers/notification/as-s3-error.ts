import { isNotificationConfigError } from '../../../shared/events/notification-config.js'
import { S3ServerError } from '../../errors.js'

/**
 * Runs `work`, turning a `NotificationConfigError` (bad XML, unknown event, overlap, unknown
 * ARN...) into the S3 error it names, with its message.
 */
export async function withS3Errors<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    if (isNotificationConfigError(e)) throw new S3ServerError(e.code, e.message)
    throw e
  }
}
