import { resolve } from 'node:path'
import type { NotificationConfig } from '../../shared/events/notification-config.js'
import { parseNotificationXml } from '../../shared/events/notification-xml.js'
import type { S3EventRecord } from '../../shared/events/record.js'
import { createSequencer } from '../../shared/events/sequencer.js'
import { validateNotificationConfig } from '../../shared/events/validate-notification.js'
import type { ObjectLayer } from '../storage/object-layer.js'
import { readBucketNotification, writeBucketNotification } from './bucket-config.js'
import type { EventPublisher, EventRequestInfo, ObjectEvent, StagedEvent } from './event-publisher.js'
import type { ListenFilter } from './listeners.js'
import type { EventLog } from './log.js'
import { createNotifier } from './notifier.js'
import { readNotifyConfig } from './notify-config.js'
import { buildObjectEventRecord } from './object-event-record.js'
import { prepareQueueHome, type QueueHome } from './queue-home.js'
import type { SenderStats } from './sender.js'
import type { Subscription } from './subscription.js'
import { startTargets, type TargetFailure, type TargetSet } from './target-set.js'
import type { QueuedEvent, TargetFactory, TargetKind } from './targets/types.js'

export interface BucketEventsOptions {
  storage: ObjectLayer
  /** The server region, or a function giving the current one (a restart may change it). */
  region: string | (() => string)
  /** The bucket owner's access key (the root user). */
  ownerAccessKey: string
  log: EventLog
  /**
   * The `notify` member to use instead of the stored server configuration (embedding, tests).
   * Without it, `notify` is read from the `config/config.json` system document at each start.
   */
  notify?: unknown
  /**
   * Where `notify` comes from at each start and restart when `notify` is not given: the
   * server passes its configuration in effect (the data folder's, or an older setup's
   * `~/.silo/config.json`). Without it, the stored `config/config.json` is read.
   */
  loadNotify?: () => unknown
  /** `x-silo-origin-endpoint` of records: the server's base URL, known once it listens. */
  originEndpoint?: () => string
  /** How long start-up waits for each target to open; default 5 s. */
  openTimeoutMs?: number
  /**
   * The server's drive folders, as given at start. Targets without `queueDir` keep their durable
   * queues in `<drive>/.silo.sys/events/` of the first healthy one (see docs/events.md). Without
   * drives (embedding the service alone), such queues are in memory.
   */
  drives?: readonly string[]
  factories?: Partial<Record<TargetKind, TargetFactory>>
}

/**
 * The server's bucket events: targets from the configuration, each bucket's rules, record
 * building for the request path, and listen subscriptions. Handlers reach it as
 * `ctx.notifications`; `publish` is `ctx.events`.
 */
export interface BucketEvents extends EventPublisher {
  /**
   * Opens the targets, loads every bucket's rules and queues what the storage outbox still holds
   * (events a crash kept from their queues); returns the ARNs that opened.
   */
  start(): Promise<string[]>
  stage(event: Omit<ObjectEvent, 'object'>, request: EventRequestInfo): StagedEvent | undefined
  /** Re-reads the configuration, reopens the targets and reloads all rules. */
  reload(): Promise<string[]>
  /** The bucket's configuration (empty when none is stored). */
  getBucketConfig(bucket: string): Promise<NotificationConfig>
  /** Validates (the ARNs against the configured targets), stores and applies an XML document. */
  putBucketConfig(bucket: string, xml: string): Promise<void>
  /** Forgets a deleted bucket's rules. */
  forgetBucket(bucket: string): void
  /** Re-reads one bucket's stored rules (another server of a cluster changed or deleted them). */
  refreshBucket(bucket: string): Promise<void>
  /** Called with a bucket whose rules this server changed or forgot (a cluster tells its peers). */
  onRulesChange: ((bucket: string) => void) | undefined
  /** A live feed of the bucket's matching events; throws `NotificationConfigError` on a bad filter. */
  subscribe(filter: ListenFilter): Subscription
  /** ARNs of every configured target. */
  arns(): string[]
  /** ARNs of the targets that are open. */
  onlineArns(): string[]
  /** Enabled targets that did not start at the last start or restart, with the reason. */
  failures(): readonly TargetFailure[]
  stats(): Record<string, SenderStats>
  /** Resolves when every queue is empty. */
  idle(): Promise<void>
  /** Ends listen streams (before the HTTP server closes, so they end cleanly). */
  closeListeners(): void
  close(): Promise<void>
}

/** An outbox entry: the event and the targets its rules chose when it was staged. */
interface OutboxData {
  arns: string[]
  event: QueuedEvent
}

/**
 * Creates the bucket-event service of one server.
 *
 * @example
 * const events = createBucketEvents({ storage, region, ownerAccessKey, log })
 * const arns = await events.start() // ['arn:silo:sqs::1:webhook']
 */
export function createBucketEvents(options: BucketEventsOptions): BucketEvents {
  const { storage, log } = options
  const notifier = createNotifier({ log })
  const sequencer = createSequencer()
  let targets: TargetSet | undefined
  const region = typeof options.region === 'string' ? () => options.region as string : options.region
  const recordContext = () => ({
    ownerAccessKey: options.ownerAccessKey,
    originEndpoint: options.originEndpoint?.() ?? '',
    sequencer,
  })

  async function readNotify(): Promise<unknown> {
    if (options.notify !== undefined) return options.notify
    if (options.loadNotify) return options.loadNotify()
    try {
      return await readNotifyConfig(storage)
    } catch (e) {
      log(`${(e as Error).message}; starting without event targets`)
      return undefined
    }
  }

  // Chosen at every start: a first drive that is offline now hands the queues to the next one.
  async function findQueueHome(): Promise<QueueHome | undefined> {
    if (!options.drives) return undefined
    const layout = await storage.layout?.()
    const healthy = layout
      ? layout.drives.filter((d) => d.state === 'ok').map((d) => resolve(d.endpoint))
      : options.drives.map((d) => resolve(d))
    return prepareQueueHome(
      options.drives.map((d) => resolve(d)),
      healthy,
      log,
    )
  }

  async function configure(): Promise<string[]> {
    await targets?.close()
    targets = await startTargets({
      notify: await readNotify(),
      log,
      findQueueHome,
      ...(options.openTimeoutMs ? { openTimeoutMs: options.openTimeoutMs } : {}),
      ...(options.factories ? { factories: options.factories } : {}),
    })
    await notifier.configure(targets.targets, { queues: targets.queues })
    for (const bucket of await storage.listBuckets()) await applyStored(bucket.name)
    return targets.onlineArns()
  }

  // One bucket's bad or stale document is logged and skipped; the other buckets keep their rules.
  async function applyStored(bucket: string): Promise<void> {
    try {
      const config = await readBucketNotification(storage, bucket)
      notifier.setBucketRules(bucket, config && routeToTargets(bucket, config))
    } catch (e) {
      notifier.setBucketRules(bucket, undefined)
      log(`bucket ${bucket}: notification configuration not loaded: ${(e as Error).message}`)
    }
  }

  // Rules address targets by their canonical ARN (the region written in a rule may be '' or
  // the server's). A rule whose target is gone stays stored but delivers nothing; it is logged.
  function routeToTargets(bucket: string, config: NotificationConfig): NotificationConfig {
    const queues = config.queues.map((q) => {
      const target = targets?.find(q.arn)
      if (!target) log(`bucket ${bucket}: ${q.arn} is not a configured target; its events are not sent`)
      return { ...q, arn: target?.arn ?? q.arn }
    })
    return { queues }
  }

  /**
   * Queues the outbox's entries (in id order, so each queue gets them in order) for the targets
   * that do not hold them yet, then releases them. Only at start: later, every entry left is one
   * whose queue writes are in flight.
   */
  async function requeueOutbox(): Promise<void> {
    const outbox = storage.eventOutbox
    if (!outbox) return
    let queued = 0
    await Promise.all(
      outbox.list().map(async ({ id, data }) => {
        let staged: OutboxData
        try {
          staged = JSON.parse(data) as OutboxData
        } catch {
          log(`outbox entry ${id} is not readable; its event is not sent`)
          outbox.release(id)
          return
        }
        queued += (await notifier.requeue({ ...staged.event, outboxId: id }, staged.arns)).queued
        outbox.release(id)
      }),
    )
    if (queued > 0) log(`queued ${queued} event(s) the storage outbox held at start`)
  }

  const events: BucketEvents = {
    async start() {
      const online = await configure()
      await requeueOutbox()
      return online
    },
    reload: configure,

    publish(events: ObjectEvent[], request: EventRequestInfo): Promise<void> {
      let pending: Promise<unknown>[] | undefined
      for (const event of events) {
        if (!notifier.wants(event.bucket)) continue
        const record = buildObjectEventRecord(event, request, recordContext())
        pending ??= []
        pending.push(notifier.emit(record, event.key))
      }
      return pending ? Promise.all(pending).then(() => undefined) : Promise.resolve()
    },

    // The record is made from the object the commit stores and routed then; once the commit is
    // durable it goes to its queues without the request waiting (the outbox entry stands for
    // it), and the entry is released when the queues have it.
    stage(event, request) {
      const outbox = storage.eventOutbox
      if (!outbox || !notifier.wants(event.bucket)) return undefined
      let record: S3EventRecord | undefined
      let arns: string[] = []
      let done = false
      return {
        get done() {
          return done
        },
        encode(info) {
          record = buildObjectEventRecord({ ...event, object: info }, request, recordContext())
          arns = notifier.route(record, event.key)
          if (arns.length === 0) return undefined
          const queued: QueuedEvent = {
            eventName: record.eventName,
            key: `${event.bucket}/${event.key}`,
            eventTime: record.eventTime,
            record,
          }
          return JSON.stringify({ arns, event: queued } satisfies OutboxData)
        },
        committed(id) {
          done = true
          notifier.emit(record!, event.key, { arns, ...(id !== undefined ? { outboxId: id } : {}) }).then(
            // emit logs what a queue refused; the entry is released once every queue answered.
            () => id !== undefined && outbox.release(id),
            // Not expected: the entry stays, and the next start queues its event.
            (e: unknown) =>
              log(`could not queue ${event.name} for ${event.bucket}/${event.key}: ${String(e)}`),
          )
        },
      }
    },

    async getBucketConfig(bucket) {
      await storage.getBucket(bucket)
      return (await readBucketNotification(storage, bucket)) ?? { queues: [] }
    },

    async putBucketConfig(bucket, xml) {
      await storage.getBucket(bucket) // NoSuchBucket before any complaint about the document
      const config = validateNotificationConfig(parseNotificationXml(xml), {
        region: region(),
        isKnownArn: (arn) => targets?.find(arn) !== undefined,
      })
      await writeBucketNotification(storage, bucket, config)
      notifier.setBucketRules(bucket, routeToTargets(bucket, config))
      events.onRulesChange?.(bucket)
    },

    forgetBucket(bucket) {
      notifier.setBucketRules(bucket, undefined)
      events.onRulesChange?.(bucket)
    },
    async refreshBucket(bucket) {
      const exists = await storage.getBucket(bucket).then(
        () => true,
        () => false,
      )
      if (exists) await applyStored(bucket)
      else notifier.setBucketRules(bucket, undefined)
    },
    onRulesChange: undefined,
    subscribe: (filter) => notifier.subscribe(filter),
    arns: () => targets?.targets.map((t) => t.arn) ?? [],
    onlineArns: () => targets?.onlineArns() ?? [],
    failures: () => targets?.failures ?? [],
    stats: () => notifier.stats(),
    idle: () => notifier.idle(),
    closeListeners: () => notifier.closeListeners(),
    async close() {
      await notifier.close()
      await targets?.close()
      targets = undefined
    },
  }
  return events
}
