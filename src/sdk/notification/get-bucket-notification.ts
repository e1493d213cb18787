/** GetBucketNotificationConfiguration: `GET /bucket?notification`. */

import type { Transport } from '../transport/transport.js'
import { assertBucketName } from '../validate.js'
import { NotificationConfig } from './notification-config.js'

/**
 * The bucket's notification configuration (empty when none is set).
 * @example
 * const config = await getBucketNotification(transport, 'photos')
 */
export async function getBucketNotification(t: Transport, bucketName: unknown): Promise<NotificationConfig> {
  assertBucketName(bucketName)
  return t.call({ method: 'GET', bucket: bucketName, query: { notification: '' } }, async (res) => {
    const text = await res.text()
    if (text.trim() === '') return new NotificationConfig()
    // Loaded on use: the notification XML code (fast-xml-parser) stays out of a page's first load.
    const { parseNotificationConfig } = await import('./notification-xml.js')
    return parseNotificationConfig(text)
  })
}
