/** GetBucketNotificationConfiguration: `GET /bucket?notification`. */

import type { Transport } from '../transport/transport.js'
import { assertBucketName } from '../validate.js'
import { emptyNotificationResult, type NotificationConfigResult } from './notification-result.js'

/**
 * The bucket's notification configuration in minio-js's layout (three lists, `[]` when empty).
 * @example
 * const config = await getBucketNotification(transport, 'photos')
 */
export async function getBucketNotification(
  t: Transport,
  bucketName: unknown,
): Promise<NotificationConfigResult> {
  assertBucketName(bucketName)
  return t.call({ method: 'GET', bucket: bucketName, query: { notification: '' } }, async (res) => {
    const text = await res.text()
    if (text.trim() === '') return emptyNotificationResult()
    // Loaded on use: the notification XML code (fast-xml-parser) stays out of a page's first load.
    const { parseNotificationConfig } = await import('./notification-xml.js')
    return parseNotificationConfig(text)
  })
}
