/** Bucket-notification methods of `Client`, in callback and Promise forms. */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { PolicyMethods } from './client-policy.js'
import type { NotificationEvent } from './notification/event-types.js'
import { getBucketNotification } from './notification/get-bucket-notification.js'
import { listenBucketNotification } from './notification/listen-bucket-notification.js'
import type { NotificationConfig } from './notification/notification-config.js'
import type { NotificationListener } from './notification/notification-listener.js'
import type { NotificationConfigResult } from './notification/notification-result.js'
import { removeAllBucketNotification, setBucketNotification } from './notification/set-bucket-notification.js'

/**
 * Bucket-notification operations: getBucketNotification, setBucketNotification,
 * removeAllBucketNotification, listenBucketNotification.
 * @example
 * const config = new NotificationConfig()
 * const queue = new QueueConfig('arn:silo:sqs::1:webhook')
 * queue.addEvent(ObjectCreatedAll)
 * config.add(queue)
 * await client.setBucketNotification('photos', config)
 */
export class NotificationMethods extends PolicyMethods {
  /**
   * The bucket's notification configuration as minio-js returns it: `TopicConfiguration`,
   * `QueueConfiguration` and `CloudFunctionConfiguration` lists (`[]` when empty) of
   * `{ Id, Queue | Topic | CloudFunction, Event: [...], Filter: [{ Name, Value }] }`. It can be
   * passed back to setBucketNotification, changed or not.
   * @example
   * const { QueueConfiguration } = await client.getBucketNotification('photos')
   * for (const rule of QueueConfiguration) console.log(rule.Queue, rule.Event, rule.Filter)
   */
  getBucketNotification(bucketName: string): Promise<NotificationConfigResult>
  getBucketNotification(bucketName: string, callback: ResultCallback<NotificationConfigResult>): void
  getBucketNotification(
    bucketName: string,
    ...rest: unknown[]
  ): Promise<NotificationConfigResult> | undefined {
    return deliver(popCallback(rest), () => getBucketNotification(this.transport, bucketName))
  }

  /**
   * Replaces the bucket's notification configuration.
   * @example
   * await client.setBucketNotification('photos', config)
   */
  setBucketNotification(
    bucketName: string,
    config: NotificationConfig | NotificationConfigResult | object,
  ): Promise<void>
  setBucketNotification(
    bucketName: string,
    config: NotificationConfig | NotificationConfigResult | object,
    callback: NoResultCallback,
  ): void
  setBucketNotification(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => setBucketNotification(this.transport, bucketName, rest[0]))
  }

  /**
   * Removes every notification rule of the bucket.
   * @example
   * await client.removeAllBucketNotification('photos')
   */
  removeAllBucketNotification(bucketName: string): Promise<void>
  removeAllBucketNotification(bucketName: string, callback: NoResultCallback): void
  removeAllBucketNotification(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () => removeAllBucketNotification(this.transport, bucketName))
  }

  /**
   * Listens for the bucket's events (MinIO and Silo; no stored configuration needed). Returns an
   * EventEmitter emitting `notification` per record and `error`; it reconnects with backoff
   * after a dropped connection, and `stop()` closes it at once. `''` means no prefix / suffix.
   * @example
   * const listener = client.listenBucketNotification('photos', 'uploads/', '.jpg', ['s3:ObjectCreated:*'])
   * listener.on('notification', (record) => console.log(record.eventName, record.s3.object.key))
   * // later
   * listener.stop()
   */
  listenBucketNotification(
    bucketName: string,
    prefix: string,
    suffix: string,
    events: NotificationEvent[],
  ): NotificationListener {
    return listenBucketNotification(this.transport, bucketName, prefix, suffix, events)
  }
}
