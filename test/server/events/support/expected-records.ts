import { expect } from 'vitest'

/** One operation of the e2e sequence and the event it must produce. */
export interface ExpectedEvent {
  eventName: string
  bucket: string
  /** Raw object name. */
  key: string
  /** For creations and accesses: what the object holds. */
  object?: { size: number; eTag: string; contentType?: string; userMetadata?: Record<string, string> }
}

/** Go's url.QueryEscape, which is how records carry keys (space → +, / → %2F). */
export function queryEscape(key: string): string {
  return encodeURIComponent(key)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * Asserts that `record` is the seed's record for `expected`: every fixed field, the escaped
 * key, the object's size/ETag/type/metadata (or only key and sequencer for removals), the
 * caller, the request id and origin, and the source.
 */
export function expectRecord(
  record: unknown,
  expected: ExpectedEvent,
  principal: string,
  origin: string,
): void {
  const removal = expected.eventName.startsWith('s3:ObjectRemoved:')
  expect(record).toMatchObject({
    eventVersion: '2.0',
    eventSource: 'silo:s3',
    awsRegion: '',
    eventName: expected.eventName,
    eventTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    userIdentity: { principalId: principal },
    requestParameters: { sourceIPAddress: expect.stringMatching(/^127\.0\.0\.1:\d+$/) },
    responseElements: {
      'x-amz-request-id': expect.stringMatching(/^[0-9A-F]{16}$/),
      'x-silo-origin-endpoint': origin,
    },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'Config',
      bucket: {
        name: expected.bucket,
        ownerIdentity: { principalId: principal },
        arn: `arn:aws:s3:::${expected.bucket}`,
      },
    },
    source: { host: '127.0.0.1', port: expect.stringMatching(/^\d+$/), userAgent: expect.any(String) },
  })
  const object = (record as { s3: { object: Record<string, unknown> } }).s3.object
  const want: Record<string, unknown> = { key: queryEscape(expected.key) }
  if (!removal && expected.object) {
    want.size = expected.object.size
    want.eTag = expected.object.eTag
    if (expected.object.contentType) want.contentType = expected.object.contentType
    if (expected.object.userMetadata) want.userMetadata = expected.object.userMetadata
  }
  const { sequencer, ...rest } = object
  expect(rest).toEqual(want)
  expect(sequencer).toMatch(/^[0-9A-F]{20}$/)
}

/** Asserts records are in sequencer order (strictly increasing), as one server emitted them. */
export function expectInSequencerOrder(records: { s3: { object: { sequencer: string } } }[]): void {
  const sequencers = records.map((r) => r.s3.object.sequencer)
  expect([...sequencers].sort()).toEqual(sequencers)
  expect(new Set(sequencers).size).toBe(sequencers.length)
}
