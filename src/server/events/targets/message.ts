import { buildEventMessage, type EventMessage } from '../../../shared/events/event-message.js'
import type { EventRecord, QueuedEvent, TargetKind } from './types.js'

/**
 * The message a message-style target publishes (amqp, mqtt, nats, webhook, kafka, nsq): the
 * seed's event message, `{Records, level, msg, time}` plus `EventType`+`Key` on nats and kafka,
 * `EventName`+`Key` on nsq (src/shared/events/event-message.ts). It is also the "event data"
 * the storing kinds keep (elasticsearch, redis, postgresql, mysql: `{Records, level, msg, time}`).
 */
export function buildTargetMessage(event: QueuedEvent, kind: TargetKind): EventMessage<EventRecord> {
  return buildEventMessage(event, kind)
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
