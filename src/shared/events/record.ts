import type { EventName } from './event-names.js'
import { escapeEventKey } from './query-escape.js'

/** The `s3.object` member of a record. Removal events carry only key, versionId and sequencer. */
export type S3EventObject = {
  key: string
  size?: number
  eTag?: string
  contentType?: string
  userMetadata?: Record<string, string>
  versionId?: string
  sequencer: string
}

/** One event record, field by field as the seed's "Record fields" table lists them. */
export type S3EventRecord = {
  eventVersion: '2.0'
  eventSource: 'silo:s3'
  awsRegion: string
  eventTime: string
  eventName: EventName
  userIdentity: { principalId: string }
  requestParameters: { sourceIPAddress: string }
  responseElements: Record<string, string>
  s3: {
    s3SchemaVersion: '1.0'
    configurationId: 'Config'
    bucket: { name: string; ownerIdentity: { principalId: string }; arn: string }
    object: S3EventObject
  }
  source: { host: string; port: string; userAgent: string }
}

/** What the server knows about a successful operation. */
export interface EventRecordInput {
  eventName: EventName
  time: Date
  bucket: string
  /** The raw object name; the record holds it URL-escaped. */
  key: string
  /** Access key of the caller; '' for anonymous. */
  principalId: string
  /** Access key of the bucket owner; defaults to `principalId` (MinIO facts §3.2). */
  ownerPrincipalId?: string
  requestId: string
  /** `<scheme>://<host>:<port>` of this server. */
  originEndpoint: string
  /** The client: address (IPv4 or IPv6, no brackets), port and User-Agent. */
  source: { host: string; port?: string | number; userAgent?: string }
  object?: {
    size?: number
    eTag?: string
    contentType?: string
    userMetadata?: Record<string, string>
    versionId?: string
  }
  /** From a `Sequencer` (`createSequencer`). */
  sequencer: string
  /** Extra response elements, e.g. `content-length` for GET. */
  responseElements?: Record<string, string>
}

/**
 * Builds the record for one event, field by field as the seed's table has it (seed, Events):
 * `awsRegion` is empty ("empty in current setups", as the region of our ARNs), `eventTime` is
 * ISO 8601 UTC to the second (`2026-11-24T07:01:02Z`: milliseconds are the older setups' form),
 * `requestParameters` holds only `sourceIPAddress`. The key is escaped as S3 does; empty
 * optional object fields are left out.
 *
 * @example buildEventRecord({ eventName: 's3:ObjectCreated:Put', time: new Date(), bucket: 'b', key: 'a b',
 *   principalId: 'AK', requestId: 'R1', originEndpoint: 'http://127.0.0.1:9000', source: { host: '::1', port: 5000 },
 *   object: { size: 3, eTag: 'abc' }, sequencer: next() })
 */
export function buildEventRecord(input: EventRecordInput): S3EventRecord {
  const port = input.source.port === undefined ? '' : String(input.source.port)
  return {
    eventVersion: '2.0',
    eventSource: 'silo:s3',
    awsRegion: '',
    eventTime: formatEventTime(input.time),
    eventName: input.eventName,
    userIdentity: { principalId: input.principalId },
    requestParameters: { sourceIPAddress: formatAddress(input.source.host, port) },
    responseElements: {
      'x-amz-request-id': input.requestId,
      'x-silo-origin-endpoint': input.originEndpoint,
      ...input.responseElements,
    },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'Config',
      bucket: {
        name: input.bucket,
        ownerIdentity: { principalId: input.ownerPrincipalId ?? input.principalId },
        arn: `arn:aws:s3:::${input.bucket}`,
      },
      object: buildObject(input),
    },
    source: { host: input.source.host, port, userAgent: input.source.userAgent ?? '' },
  }
}

function buildObject(input: EventRecordInput): S3EventObject {
  const given = input.object ?? {}
  const object: S3EventObject = { key: escapeEventKey(input.key), sequencer: input.sequencer }
  const removed = input.eventName.startsWith('s3:ObjectRemoved:')
  // Key order follows the seed's table; JSON consumers see the fields in that order.
  const fields: Partial<S3EventObject> = removed
    ? { versionId: given.versionId || undefined }
    : {
        size: given.size,
        eTag: given.eTag || undefined,
        contentType: given.contentType || undefined,
        userMetadata:
          given.userMetadata && Object.keys(given.userMetadata).length
            ? { ...given.userMetadata }
            : undefined,
        versionId: given.versionId || undefined,
      }
  const out: Record<string, unknown> = { key: object.key }
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) out[name] = value
  out.sequencer = object.sequencer
  return out as S3EventObject
}

/**
 * ISO 8601 UTC to the second, the seed's `eventTime` of current setups.
 *
 * @example formatEventTime(new Date('2026-11-24T07:01:02.345Z')) // '2026-11-24T07:01:02Z'
 */
export function formatEventTime(time: Date): string {
  return `${time.toISOString().slice(0, 19)}Z`
}

// `ip:port`, with IPv6 addresses bracketed; just the address when the port is unknown.
function formatAddress(host: string, port: string): string {
  if (!port) return host
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
}
