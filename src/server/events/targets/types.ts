/**
 * The contract between the event pipeline (rules → durable queue → sender) and the ten
 * target kinds. Each kind is one file in this folder exporting a `TargetFactory`.
 *
 * The sender calls `send` for one queued entry at a time, in order; a rejected promise means
 * "not delivered, retry later" (the sender backs off and retries the same entry), so `send`
 * must be idempotent for namespace formats and must not half-apply an entry.
 */

/** The seed's target kinds, in the order of its table. */
export const TARGET_KINDS = [
  'amqp',
  'mqtt',
  'elasticsearch',
  'redis',
  'nats',
  'postgresql',
  'mysql',
  'kafka',
  'webhook',
  'nsq',
] as const

export type TargetKind = (typeof TARGET_KINDS)[number]

/** One S3 event record, as the seed's "Record fields" table describes it. */
export type EventRecord = Record<string, unknown> & {
  eventName: string
  eventTime: string
  s3: { bucket: { name: string }; object: { key: string } }
}

/** One entry in a target's queue: what a target needs to deliver one event. */
export interface QueuedEvent {
  /** e.g. 's3:ObjectCreated:Put' */
  eventName: string
  /** '<bucket>/<object>' with the object name NOT URL-escaped. */
  key: string
  /** ISO 8601 UTC event time, as in the record. */
  eventTime: string
  /** The record, serialized as the seed's event message `Records[0]`. */
  record: EventRecord
  /**
   * The storage outbox entry this event came from (docs/events.md, "The outbox"): after a crash,
   * a queue whose entries reach this id already holds the event. Absent for events queued directly.
   */
  outboxId?: number
}

/** The parameters of one configured instance, validated by the kind's `parse`. */
export type TargetParams = Record<string, unknown>

export interface EventTarget {
  /** `arn:silo:sqs:<region>:<id>:<kind>` */
  readonly arn: string
  readonly kind: TargetKind
  readonly id: string
  /**
   * Connects and prepares (declares exchanges, creates tables...). Rejects with an error that
   * names the target and the cause; the server then starts without this target's ARN line and
   * keeps retrying `open` in the background.
   */
  open(): Promise<void>
  /** Delivers one event; rejects when it was not delivered. */
  send(event: QueuedEvent): Promise<void>
  /** Whether the target currently looks reachable (cheap; used by `info` and the sender). */
  isOnline(): Promise<boolean>
  close(): Promise<void>
}

export interface TargetFactory<P extends TargetParams = TargetParams> {
  readonly kind: TargetKind
  /**
   * Validates raw JSON parameters (the seed's parameter table for this kind, plus `queueDir`
   * and `queueLimit`); throws a `TargetConfigError` naming the bad field.
   * `path` is where `raw` sits in the configuration, e.g. `notify.redis["1"]` (default
   * `notify.<kind>`), so errors read `notify.redis["1"].address: must be <host>:<port>`.
   */
  parse(raw: unknown, path?: string): P
  create(id: string, region: string, params: P): EventTarget
}

/** A configuration error that names the field: `notify.redis["1"].address: must be host:port`. */
export class TargetConfigError extends Error {
  override readonly name = 'TargetConfigError'
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`)
  }
}
