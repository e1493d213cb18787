import type { ServerContext } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import type { BucketEvents } from '../../events/bucket-events.js'

/** The server's bucket-event service; NotImplemented when the server runs without one. */
export function notificationService(ctx: ServerContext): BucketEvents {
  if (!ctx.notifications) {
    throw new S3ServerError('NotImplemented', 'Bucket notifications are not enabled on this server.')
  }
  return ctx.notifications
}
