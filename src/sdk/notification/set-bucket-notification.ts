/** PutBucketNotificationConfiguration: `PUT /bucket?notification`. */

import { discardBody } from '../transport/parse.js'
import type { Transport } from '../transport/transport.js'
import { assertBucketName } from '../validate.js'
import { NotificationConfig } from './notification-config.js'

/**
 * Replaces the bucket's notification configuration. `config` is a `NotificationConfig` or an
 * object of the same shape; anything else is a TypeError.
 * @example
 * await setBucketNotification(transport, 'photos', config)
 */
export async function setBucketNotification(
  t: Transport,
  bucketName: unknown,
  config: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new TypeError('notification config should be of type "Object"')
  }
  // Loaded on use: the notification XML code (fast-xml-parser) stays out of a page's first load.
  const { buildNotificationXml } = await import('./notification-xml.js')
  const body = new TextEncoder().encode(buildNotificationXml(config))
  await t.call(
    {
      method: 'PUT',
      bucket: bucketName,
      query: { notification: '' },
      headers: { 'content-type': 'application/xml' },
      body,
    },
    discardBody,
  )
}

/**
 * Removes every notification rule of the bucket (sets an empty configuration).
 * @example
 * await removeAllBucketNotification(transport, 'photos')
 */
export function removeAllBucketNotification(t: Transport, bucketName: unknown): Promise<void> {
  return setBucketNotification(t, bucketName, new NotificationConfig())
}
