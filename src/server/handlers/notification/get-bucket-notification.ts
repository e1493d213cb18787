import { serializeNotificationXml } from '../../../shared/events/notification-xml.js'
import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { notificationService } from './notification-service.js'

/**
 * GetBucketNotificationConfiguration: the stored configuration as PUT stored it (event
 * wildcards kept), or an empty `NotificationConfiguration`.
 */
export const handleGetBucketNotification: Handler = async ({ ctx, res, route }) => {
  const config = await notificationService(ctx).getBucketConfig(route.bucket)
  sendXml(res, 200, serializeNotificationXml(config))
}
