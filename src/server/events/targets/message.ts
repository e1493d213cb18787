import type { EventRecord, QueuedEvent } from './types.js'

/**
 * The body the message-style targets publish (amqp, mqtt, nats, webhook; later kafka, nsq).
 * The event name goes under `EventName` on every kind: that is what MinIO's code sends
 * (`event.Log`); the seed's `EventType` on nats/kafka comes from stale documentation.
 */
export interface CommonPayload {
  EventName: string
  /** `<bucket>/<object>`, the object name not URL-escaped. */
  Key: string
  Records: [EventRecord]
}

/** Builds the common payload for one event. */
export function buildCommonPayload(event: QueuedEvent): CommonPayload {
  return { EventName: event.eventName, Key: event.key, Records: [event.record] }
}

/** The value stored per object (namespace) or per event row (access): `{"Records":[record]}`. */
export function buildRecordsValue(event: QueuedEvent): { Records: [EventRecord] } {
  return { Records: [event.record] }
}

/** The redis access-format list item: `[eventTime, [record]]` (an array of records, no `Records`). */
export function buildRedisAccessEntry(event: QueuedEvent): [string, [EventRecord]] {
  return [event.eventTime, [event.record]]
}

/**
 * Whether a namespace-format target deletes the object's entry for this event. Every other
 * event, including `s3:ObjectAccessed:*`, overwrites the entry (MinIO does the same).
 */
export function isRemovalEvent(eventName: string): boolean {
  return eventName.startsWith('s3:ObjectRemoved:')
}

/** The ARN a target is addressed by: `arn:silo:sqs:<region>:<id>:<kind>`. */
export function formatTargetArn(region: string, id: string, kind: string): string {
  return `arn:silo:sqs:${region}:${id}:${kind}`
}
