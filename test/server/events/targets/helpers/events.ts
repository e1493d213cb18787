import { expect } from 'vitest'
import type { EventRecord, EventTarget, QueuedEvent } from '../../../../../src/server/events/targets/types.js'

/** A queued event as the pipeline hands it to targets, with a record shaped like the seed's. */
export function makeEvent(eventName: string, bucket: string, object: string, eventTime: string): QueuedEvent {
  const s3 = {
    s3SchemaVersion: '1.0',
    configurationId: 'Config',
    bucket: { name: bucket, ownerIdentity: { principalId: 'silo-root' }, arn: `arn:aws:s3:::${bucket}` },
    object: { key: object, size: 11, eTag: 'e1', sequencer: eventTime.replace(/\D/g, '') },
  }
  const record: EventRecord = {
    eventVersion: '2.0',
    eventSource: 'silo:s3',
    awsRegion: '',
    eventTime,
    eventName,
    userIdentity: { principalId: 'silo-root' },
    requestParameters: { sourceIPAddress: '127.0.0.1:50000' },
    responseElements: {},
    s3,
  }
  return { eventName, key: `${bucket}/${object}`, eventTime, record }
}

/**
 * The sequence every target is driven through: create, overwrite, read, delete of one object
 * (its name has a space and a slash, which must reach the target unescaped), then a second object.
 */
export function makeEventSequence(bucket: string): QueuedEvent[] {
  return [
    makeEvent('s3:ObjectCreated:Put', bucket, 'photos/a b.jpg', '2024-05-01T10:00:00.123Z'),
    makeEvent('s3:ObjectCreated:Put', bucket, 'photos/a b.jpg', '2024-05-01T10:00:01.456Z'),
    makeEvent('s3:ObjectAccessed:Get', bucket, 'photos/a b.jpg', '2024-05-01T10:00:02.789Z'),
    makeEvent('s3:ObjectCreated:Copy', bucket, 'other.txt', '2024-05-01T10:00:03.000Z'),
    makeEvent('s3:ObjectRemoved:Delete', bucket, 'photos/a b.jpg', '2024-05-01T10:00:04.000Z'),
  ]
}

/** Sends until delivered: after a dropped connection one send may fail, as the sender's retry would. */
export async function sendUntilDelivered(target: EventTarget, event: QueuedEvent): Promise<void> {
  const delivered = () =>
    target.send(event).then(
      () => true,
      () => false,
    )
  await expect.poll(delivered).toBe(true)
}
