import type { EventName } from '../../shared/events/event-names.js'
import type { ObjectInfo } from '../storage/object-layer.js'

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

/** Publishes events: resolves once they are durably queued for every matching target. */
export interface EventPublisher {
  publish(events: ObjectEvent[], request: EventRequestInfo): Promise<void>
}
