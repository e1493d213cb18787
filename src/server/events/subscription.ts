import type { S3EventRecord } from '../../shared/events/record.js'

/** A listen client's live feed of records, in memory. Iterate it once; `close()` ends it. */
export interface Subscription extends AsyncIterable<S3EventRecord> {
  /** Records dropped because the client was not reading fast enough. */
  readonly dropped: number
  readonly closed: boolean
  close(): void
}

/** The feeding side, kept by the notifier. */
export interface SubscriptionFeed {
  readonly subscription: Subscription
  /** Hands one record over; drops it (and counts) when `bufferSize` records are already waiting. */
  offer(record: S3EventRecord): void
}

/** Default number of records a subscriber may fall behind before new ones are dropped. */
export const DEFAULT_SUBSCRIBER_BUFFER = 1000

/**
 * A bounded single-consumer queue. A slow listener costs at most `bufferSize` records of
 * memory; past that, new records are dropped and counted (the listener sees a gap, the
 * server does not grow).
 */
export function createSubscriptionFeed(
  bufferSize = DEFAULT_SUBSCRIBER_BUFFER,
  onClose: () => void = () => undefined,
): SubscriptionFeed {
  const buffer: S3EventRecord[] = []
  let waiting: ((result: IteratorResult<S3EventRecord>) => void) | undefined
  let dropped = 0
  let closed = false

  const iterator: AsyncIterator<S3EventRecord> = {
    next() {
      const record = buffer.shift()
      if (record) return Promise.resolve({ value: record, done: false })
      if (closed) return Promise.resolve({ value: undefined, done: true })
      return new Promise((resolve) => {
        waiting = resolve
      })
    },
    async return() {
      subscription.close()
      return { value: undefined, done: true }
    },
  }

  const subscription: Subscription = {
    get dropped() {
      return dropped
    },
    get closed() {
      return closed
    },
    close() {
      if (closed) return
      closed = true
      buffer.length = 0
      waiting?.({ value: undefined, done: true })
      waiting = undefined
      onClose()
    },
    [Symbol.asyncIterator]: () => iterator,
  }

  return {
    subscription,
    offer(record) {
      if (closed) return
      if (waiting) {
        const resolve = waiting
        waiting = undefined
        resolve({ value: record, done: false })
      } else if (buffer.length < bufferSize) buffer.push(record)
      else dropped++
    },
  }
}
