import type { NotificationConfig } from '../../shared/events/notification-config.js'
import { unescapeEventKey } from '../../shared/events/query-escape.js'
import type { S3EventRecord } from '../../shared/events/record.js'
import { type BucketRules, compileBucketRules, matchRuleTargets } from '../../shared/events/rules.js'
import type { BackoffOptions } from './backoff.js'
import type { Clock } from './clock.js'
import { createListenerRegistry, type ListenFilter } from './listeners.js'
import { consoleEventLog, type EventLog } from './log.js'
import { adoptQueue } from './queue/adopt-queue.js'
import { createMemoryQueue } from './queue/memory-queue.js'
import { openEventQueue } from './queue/open-queue.js'
import type { EventQueue } from './queue/types.js'
import { createSender, type Sender, type SenderStats } from './sender.js'
import type { Subscription } from './subscription.js'
import { targetQueueDir } from './target-queue-dir.js'
import type { EventTarget, QueuedEvent } from './targets/types.js'

export interface NotifierOptions {
  log?: EventLog
  clock?: Clock
  random?: () => number
  backoff?: BackoffOptions
}

/** Where a target's queue lives and how much it holds. */
export interface TargetQueueSettings {
  /**
   * Parent directory; the target's queue lives in `<queueDir>/<kind>-<id>`. The server always
   * gives one (the target's `queueDir`, else the drive's `.silo.sys/events`); without it the
   * queue is in memory.
   */
  queueDir?: string
  queueLimit?: number
  /**
   * Parent directories where earlier starts may have queued this target's events (another
   * drive, the default place before `queueDir` was set): their undelivered entries are moved
   * to the end of the queue before delivery starts.
   */
  adoptFrom?: readonly string[]
}

export interface ConfigureOptions {
  /** Queue settings by target ARN; targets not listed get an in-memory queue of 10,000. */
  queues?: Record<string, TargetQueueSettings>
}

/** What happened to one emitted event. */
export interface EmitResult {
  /** Targets whose queue stored the event. */
  queued: number
  /** Targets whose queue was full (counted in that sender's `dropped`). */
  dropped: number
  /** Targets whose queue failed to store it (logged). */
  failed: number
  /** Listen subscribers it was handed to. */
  listeners: number
}

/**
 * The server's door to bucket events: rules per bucket, one queue + sender per target, and
 * listen subscriptions. `emit` never throws and never waits for delivery, only for queuing.
 */
export function createNotifier(options: NotifierOptions = {}) {
  const log = options.log ?? consoleEventLog
  const rules = new Map<string, BucketRules>()
  const listeners = createListenerRegistry()
  let senders = new Map<string, Sender>()

  /**
   * Opens a target's queue and moves stray entries into it. A durable queue that cannot be
   * opened (a full or failing drive) must not stop the server: that target queues in memory
   * until the next start, loudly.
   */
  async function openTargetQueue(target: EventTarget, settings: TargetQueueSettings): Promise<EventQueue> {
    const name = target.arn
    const limit = settings.queueLimit ? { limit: settings.queueLimit } : {}
    const dir = settings.queueDir ? targetQueueDir(settings.queueDir, target) : undefined
    let queue: EventQueue
    try {
      queue = await openEventQueue({ ...(dir ? { dir } : {}), ...limit, name, log })
    } catch (e) {
      log(`${name}: cannot open the queue in ${dir} (${String(e)}); queueing in memory until restart`)
      return createMemoryQueue({ ...limit, name, log })
    }
    if (!dir) return queue
    for (const parent of settings.adoptFrom ?? []) {
      const stray = targetQueueDir(parent, target)
      if (stray === dir) continue
      await adoptQueue(queue, stray, { name, log }).catch((e) =>
        log(`${name}: could not move the events queued in ${stray} (${String(e)}); they stay there`),
      )
    }
    return queue
  }

  function route(record: S3EventRecord, rawKey = unescapeEventKey(record.s3.object.key)): string[] {
    const bucketRules = rules.get(record.s3.bucket.name)
    return bucketRules ? [...matchRuleTargets(bucketRules, record.eventName, rawKey)] : []
  }

  async function enqueue(arn: string, event: QueuedEvent, result: EmitResult): Promise<void> {
    const sender = senders.get(arn)
    if (!sender) return
    try {
      if (await sender.enqueue(event)) result.queued++
      else result.dropped++
    } catch (e) {
      result.failed++
      log(`${arn}: could not queue ${event.eventName} for ${event.key}: ${String(e)}`)
    }
  }

  async function closeSenders(): Promise<void> {
    const old = senders
    senders = new Map()
    await Promise.all([...old.values()].map((s) => s.close()))
  }

  return {
    /** Replaces the target set; queues in `queueDir` resume undelivered events. */
    async configure(targets: readonly EventTarget[], configureOptions: ConfigureOptions = {}): Promise<void> {
      await closeSenders()
      const next = new Map<string, Sender>()
      for (const target of targets) {
        const queue = await openTargetQueue(target, configureOptions.queues?.[target.arn] ?? {})
        next.set(target.arn, createSender({ ...options, target, queue, log }))
      }
      senders = next
    },

    /** Installs a bucket's validated configuration; `undefined` removes its rules. */
    setBucketRules(bucket: string, config: NotificationConfig | undefined): void {
      if (config && config.queues.length > 0) rules.set(bucket, compileBucketRules(config))
      else rules.delete(bucket)
    },

    /**
     * Whether an event in `bucket` could go anywhere (rules or listeners). The server asks
     * before building a record, so a bucket nobody watches costs one map lookup per request.
     */
    wants(bucket: string): boolean {
      return rules.has(bucket) || listeners.hasBucket(bucket)
    },

    /** The ARNs of the targets whose rules match `record` (none when the bucket has no rules). */
    route,

    /**
     * Hands `record` to matching listeners and queues it once per matching target. `rawKey`
     * (the object name unescaped) saves decoding the record's escaped key when the caller has it.
     * `routed`: the targets `route` chose when the event was staged in the storage outbox, and
     * the entry's id, instead of matching the rules now.
     */
    async emit(
      record: S3EventRecord,
      rawKey = unescapeEventKey(record.s3.object.key),
      routed?: { arns: readonly string[]; outboxId?: number },
    ): Promise<EmitResult> {
      const bucket = record.s3.bucket.name
      const result: EmitResult = { queued: 0, dropped: 0, failed: 0, listeners: 0 }
      result.listeners = listeners.dispatch(record, bucket, rawKey)
      const arns = routed ? routed.arns : route(record, rawKey)
      if (arns.length === 0) return result
      const event: QueuedEvent = {
        eventName: record.eventName,
        key: `${bucket}/${rawKey}`,
        eventTime: record.eventTime,
        record,
        ...(routed?.outboxId !== undefined ? { outboxId: routed.outboxId } : {}),
      }
      await Promise.all(arns.map((arn) => enqueue(arn, event, result)))
      return result
    },

    /**
     * Queues an event the storage outbox still held at start (a crash came before its queue
     * writes were recorded) for those of `arns` whose queue does not hold it yet.
     */
    async requeue(event: QueuedEvent & { outboxId: number }, arns: readonly string[]): Promise<EmitResult> {
      const result: EmitResult = { queued: 0, dropped: 0, failed: 0, listeners: 0 }
      await Promise.all(
        arns.map((arn) => {
          const sender = senders.get(arn)
          if (!sender) log(`${arn}: not configured any more; ${event.eventName} for ${event.key} is not sent`)
          else if (sender.lastOutboxId < event.outboxId) return enqueue(arn, event, result)
          return undefined
        }),
      )
      return result
    },

    /** A live, bounded feed of the bucket's matching records (listen API). */
    subscribe(filter: ListenFilter): Subscription {
      return listeners.add(filter)
    },

    /** Resolves once every target's queue is empty (tests and orderly shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...senders.values()].map((s) => s.idle()))
    },

    /** Delivery statistics by target ARN. */
    stats(): Record<string, SenderStats> {
      return Object.fromEntries([...senders].map(([arn, s]) => [arn, s.stats()]))
    },

    /** Ends every listen subscription; their streams end cleanly. */
    closeListeners(): void {
      listeners.closeAll()
    },

    /** Ends listen subscriptions and stops every sender; queued events stay in durable queues. */
    async close(): Promise<void> {
      listeners.closeAll()
      await closeSenders()
    },
  }
}

/** The notifier `createNotifier` returns. */
export type Notifier = ReturnType<typeof createNotifier>
