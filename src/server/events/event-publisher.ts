import type { EventName } from '../../shared/events/event-names.js'
import type { ObjectInfo, OutboxEntry } from '../storage/object-layer.js'

/** One object-level event a successful operation produced. */
export interface ObjectEvent {
  name: EventName
  bucket: string
  key: string
  /** The object as stored (created / accessed); absent for removals. */
  object?: ObjectInfo
  /** Removals: the version removed or the delete marker written (`s3.object.versionId`). */
  versionId?: string
}

/** What a request contributes to an event record besides the object. */
export interface EventRequestInfo {
  requestId: string
  /** Access key of the caller, '' for anonymous. */
  principalId: string
  sourceHost: string
  sourcePort: number | undefined
  userAgent: string
}

/**
 * The event of a write, staged to be committed with the object in the storage outbox
 * (docs/events.md, "The outbox"). Hand it to the write as `outbox`.
 */
export interface StagedEvent extends OutboxEntry {
  /**
   * Whether the write committed it (it is then on its way to the queues, as durable as the
   * object). False after a write on a backend without an outbox: publish the event then.
   */
  readonly done: boolean
}

/** Publishes events: resolves once they are durably queued for every matching target. */
export interface EventPublisher {
  publish(events: ObjectEvent[], request: EventRequestInfo): Promise<void>
  /**
   * Stages the event of an object write (its `object` comes from the write), when the bucket is
   * watched and the storage has an outbox; otherwise undefined.
   */
  stage?(event: Omit<ObjectEvent, 'object'>, request: EventRequestInfo): StagedEvent | undefined
}
