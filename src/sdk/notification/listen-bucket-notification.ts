/** ListenBucketNotification (MinIO and Silo extension): `GET /bucket?events=...&prefix=&suffix=`. */

import type { Transport } from '../transport/transport.js'
import { assertBucketName } from '../validate.js'
import { type ListenBackoffOptions, NotificationListener } from './notification-listener.js'

/**
 * Starts listening for the bucket's events (on the next tick) and returns the emitter.
 * Throws TypeError when prefix or suffix is not a string or events is not an array.
 * @example
 * const listener = listenBucketNotification(transport, 'photos', '', '', ['s3:ObjectCreated:*'])
 */
export function listenBucketNotification(
  t: Transport,
  bucketName: unknown,
  prefix: unknown,
  suffix: unknown,
  events: unknown,
  backoff?: ListenBackoffOptions,
): NotificationListener {
  assertBucketName(bucketName)
  if (typeof prefix !== 'string') throw new TypeError('prefix must be of type string')
  if (typeof suffix !== 'string') throw new TypeError('suffix must be of type string')
  if (!Array.isArray(events) || events.some((e) => typeof e !== 'string')) {
    throw new TypeError('events should be of type "Array" of strings')
  }
  const query: Record<string, string | string[]> = { events: [...events].sort() }
  if (prefix !== '') query.prefix = prefix
  if (suffix !== '') query.suffix = suffix
  const listener = new NotificationListener(
    (signal) => t.request({ method: 'GET', bucket: bucketName, query, signal }),
    backoff,
  )
  queueMicrotask(() => listener.start())
  return listener
}
