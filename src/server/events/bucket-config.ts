import type { NotificationConfig } from '../../shared/events/notification-config.js'
import { parseNotificationXml, serializeNotificationXml } from '../../shared/events/notification-xml.js'
import { validateNotificationConfig } from '../../shared/events/validate-notification.js'
import type { ObjectLayer } from '../storage/object-layer.js'

/** The bucket document that holds a bucket's notification configuration (XML). */
export const NOTIFICATION_DOCUMENT = 'notification'

/**
 * A bucket's stored notification configuration, or `undefined` when it has none. The
 * document was validated when stored; it is parsed and validated again (without checking that
 * its targets still exist: a target removed from the server configuration must not make the
 * bucket unreadable, MinIO #7707).
 *
 * @example const config = await readBucketNotification(storage, 'photos')
 */
export async function readBucketNotification(
  storage: ObjectLayer,
  bucket: string,
): Promise<NotificationConfig | undefined> {
  const xml = await storage.getBucketDocument(bucket, NOTIFICATION_DOCUMENT)
  if (xml === undefined) return undefined
  return validateNotificationConfig(parseNotificationXml(xml))
}

/** Stores a validated configuration; an empty one removes the document. */
export async function writeBucketNotification(
  storage: ObjectLayer,
  bucket: string,
  config: NotificationConfig,
): Promise<void> {
  const xml = config.queues.length > 0 ? serializeNotificationXml(config) : undefined
  await storage.putBucketDocument(bucket, NOTIFICATION_DOCUMENT, xml)
}
