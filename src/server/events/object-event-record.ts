import { buildEventRecord, type S3EventRecord } from '../../shared/events/record.js'
import type { ObjectInfo } from '../storage/object-layer.js'
import type { EventRequestInfo, ObjectEvent } from './event-publisher.js'

/** What the server adds to every record: who it is and where it answers. */
export interface RecordContext {
  /** Access key of the bucket owner (the root user: buckets have no other owner yet). */
  ownerAccessKey: string
  /** `x-silo-origin-endpoint`: the server's base URL. */
  originEndpoint: string
  /** Makes the record's `s3.object.sequencer`. */
  sequencer: () => string
}

/**
 * The event record for one object event of one request: the object's size, ETag, content
 * type, user metadata (`x-amz-meta-*`) and version, and the request's id, caller and source.
 *
 * @example const record = buildObjectEventRecord(event, request, { region, ownerAccessKey, originEndpoint, sequencer })
 */
export function buildObjectEventRecord(
  event: ObjectEvent,
  request: EventRequestInfo,
  context: RecordContext,
): S3EventRecord {
  return buildEventRecord({
    eventName: event.name,
    time: new Date(),
    bucket: event.bucket,
    key: event.key,
    principalId: request.principalId,
    ownerPrincipalId: context.ownerAccessKey,
    requestId: request.requestId,
    originEndpoint: context.originEndpoint,
    source: { host: request.sourceHost, port: request.sourcePort, userAgent: request.userAgent },
    ...(event.object
      ? { object: describeObject(event.object) }
      : event.versionId
        ? { object: { versionId: event.versionId } }
        : {}),
    sequencer: context.sequencer(),
  })
}

function describeObject(info: ObjectInfo) {
  const userMetadata: Record<string, string> = {}
  for (const name in info.headers) {
    if (name.startsWith('x-amz-meta-')) userMetadata[name] = info.headers[name]!
  }
  // An object of a bucket that never had versioning has no version ID: the record has none.
  const versionId = info.versionId
  return {
    size: info.size,
    eTag: info.etag,
    contentType: info.contentType,
    userMetadata,
    ...(versionId ? { versionId } : {}),
  }
}
