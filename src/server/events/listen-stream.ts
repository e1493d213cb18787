import { Readable } from 'node:stream'
import type { Subscription } from './subscription.js'

export interface ListenStreamOptions {
  /** Idle time after which a keep-alive byte is sent; default 5 s. */
  keepAliveMs?: number
}

/**
 * The body of a listen-bucket-notification response: one `{"Records":[record]}` JSON object
 * per event, each followed by `\n`. After `keepAliveMs` without an event a single space is
 * written, as MinIO does (§3.6; MinIO's interval is 500 ms), so proxies and clients see the
 * connection is alive; clients skip whitespace before each object (minio-js and mc do).
 * Destroying the stream (the client went away) closes the subscription. The stream respects
 * backpressure: while the client does not read, records wait in the subscription's bounded
 * buffer and overflow is dropped there.
 */
export function createListenStream(subscription: Subscription, options: ListenStreamOptions = {}): Readable {
  const iterator = subscription[Symbol.asyncIterator]()
  let pumping = false
  let wroteSinceTick = false

  const stream = new Readable({
    read() {
      if (!pumping) void pump()
    },
    destroy(error, callback) {
      clearInterval(timer)
      subscription.close()
      callback(error)
    },
  })

  const timer = setInterval(() => {
    if (!wroteSinceTick && stream.readableLength === 0) stream.push(' ')
    wroteSinceTick = false
  }, options.keepAliveMs ?? 5000)
  // The timer must not keep a stopping server alive.
  timer.unref?.()

  async function pump(): Promise<void> {
    pumping = true
    for (;;) {
      const { value, done } = await iterator.next()
      if (done || stream.destroyed) {
        clearInterval(timer)
        if (!stream.destroyed) stream.push(null)
        break
      }
      wroteSinceTick = true
      if (!stream.push(`${JSON.stringify({ Records: [value] })}\n`)) break
    }
    pumping = false
  }

  return stream
}
