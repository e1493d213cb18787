import { type EventName, expandEventName } from '../../shared/events/event-names.js'
import {
  explainInvalidFilterValue,
  type KeyFilter,
  matchesKeyFilter,
} from '../../shared/events/filter-rules.js'
import { NotificationConfigError } from '../../shared/events/notification-config.js'
import type { S3EventRecord } from '../../shared/events/record.js'
import { createSubscriptionFeed, type Subscription, type SubscriptionFeed } from './subscription.js'

/** What a listen client asked for (`?events=...&prefix=...&suffix=...`). */
export interface ListenFilter {
  bucket: string
  prefix?: string
  suffix?: string
  /** Event names or wildcards; an empty list matches nothing (as in MinIO). */
  events: readonly string[]
  /** Records the client may fall behind by before new ones are dropped; default 1,000. */
  bufferSize?: number
}

interface Listener {
  bucket: string
  events: Set<EventName>
  filter: KeyFilter
  feed: SubscriptionFeed
}

/** The live listen subscriptions of one notifier. */
export function createListenerRegistry() {
  const listeners = new Set<Listener>()
  // Listeners per bucket, so the request path can skip a bucket nobody listens to in O(1).
  const perBucket = new Map<string, number>()
  const forget = (listener: Listener): void => {
    if (!listeners.delete(listener)) return
    const left = (perBucket.get(listener.bucket) ?? 1) - 1
    if (left > 0) perBucket.set(listener.bucket, left)
    else perBucket.delete(listener.bucket)
  }
  return {
    /** Validates the filter (InvalidArgument naming the fault) and registers a subscription. */
    add(filter: ListenFilter): Subscription {
      const events = new Set<EventName>()
      for (const name of filter.events) {
        const expanded = expandEventName(name)
        if (!expanded) {
          throw new NotificationConfigError(
            'InvalidArgument',
            `A specified event is not supported for notifications: ${JSON.stringify(name)}.`,
          )
        }
        for (const e of expanded) events.add(e)
      }
      const keyFilter = { prefix: filter.prefix ?? '', suffix: filter.suffix ?? '' }
      for (const rule of ['prefix', 'suffix'] as const) {
        const problem = explainInvalidFilterValue(rule, keyFilter[rule])
        if (problem) throw new NotificationConfigError('InvalidArgument', `Invalid ${rule}: ${problem}.`)
      }
      const listener: Listener = {
        bucket: filter.bucket,
        events,
        filter: keyFilter,
        feed: createSubscriptionFeed(filter.bufferSize, () => forget(listener)),
      }
      listeners.add(listener)
      perBucket.set(filter.bucket, (perBucket.get(filter.bucket) ?? 0) + 1)
      return listener.feed.subscription
    },
    /** Whether anyone listens to `bucket`. */
    hasBucket(bucket: string): boolean {
      return perBucket.has(bucket)
    },
    /** Offers `record` to every matching listener; returns how many matched. */
    dispatch(record: S3EventRecord, bucket: string, rawKey: string): number {
      let matched = 0
      if (!perBucket.has(bucket)) return 0
      for (const l of listeners) {
        if (l.bucket !== bucket || !l.events.has(record.eventName) || !matchesKeyFilter(rawKey, l.filter))
          continue
        l.feed.offer(record)
        matched++
      }
      return matched
    },
    closeAll(): void {
      for (const l of [...listeners]) l.feed.subscription.close()
    },
  }
}
