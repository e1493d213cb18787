import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleGetBucketNotification } from './get-bucket-notification.js'
import { handleListenBucketNotification } from './listen-bucket-notification.js'
import { handlePutBucketNotification } from './put-bucket-notification.js'

/** Bucket notification operations: configuration and the listen stream. */
export const NOTIFICATION_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutBucketNotificationConfiguration: handlePutBucketNotification,
  GetBucketNotificationConfiguration: handleGetBucketNotification,
  ListenBucketNotification: handleListenBucketNotification,
}
