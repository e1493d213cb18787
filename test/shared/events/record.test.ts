import { describe, expect, it } from 'vitest'
import { escapeEventKey, unescapeEventKey } from '../../../src/shared/events/query-escape.js'
import { buildEventRecord, type EventRecordInput } from '../../../src/shared/events/record.js'

const input: EventRecordInput = {
  eventName: 's3:ObjectCreated:Put',
  time: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 67)),
  bucket: 'photos',
  key: 'summer/beach day.jpg',
  principalId: 'AKIDEXAMPLE',
  ownerPrincipalId: 'ROOTKEY',
  requestId: '17A3C5F0B1D2E3F4',
  originEndpoint: 'http://10.0.0.5:9000',
  source: { host: '192.168.1.20', port: 53122, userAgent: 'silo-js/0.1.0' },
  object: {
    size: 1234,
    eTag: 'd41d8cd98f00b204e9800998ecf8427e',
    contentType: 'image/jpeg',
    userMetadata: { 'X-Amz-Meta-Camera': 'x100' },
    versionId: 'v1',
  },
  sequencer: '018CC8E1E0B300000000',
}

describe('event record', () => {
  it('has every field of the seed table, in order, with exact values', () => {
    const record = buildEventRecord(input)
    expect(record).toStrictEqual({
      eventVersion: '2.0',
      eventSource: 'silo:s3',
      awsRegion: '',
      eventTime: '2024-01-02T03:04:05Z',
      eventName: 's3:ObjectCreated:Put',
      userIdentity: { principalId: 'AKIDEXAMPLE' },
      requestParameters: { sourceIPAddress: '192.168.1.20:53122' },
      responseElements: {
        'x-amz-request-id': '17A3C5F0B1D2E3F4',
        'x-silo-origin-endpoint': 'http://10.0.0.5:9000',
      },
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'Config',
        bucket: { name: 'photos', ownerIdentity: { principalId: 'ROOTKEY' }, arn: 'arn:aws:s3:::photos' },
        object: {
          key: 'summer%2Fbeach+day.jpg',
          size: 1234,
          eTag: 'd41d8cd98f00b204e9800998ecf8427e',
          contentType: 'image/jpeg',
          userMetadata: { 'X-Amz-Meta-Camera': 'x100' },
          versionId: 'v1',
          sequencer: '018CC8E1E0B300000000',
        },
      },
      source: { host: '192.168.1.20', port: '53122', userAgent: 'silo-js/0.1.0' },
    })
    expect(Object.keys(record.s3.object)).toEqual([
      'key',
      'size',
      'eTag',
      'contentType',
      'userMetadata',
      'versionId',
      'sequencer',
    ])
    expect(Object.keys(record)[0]).toBe('eventVersion')
  })

  it('eventTime is ISO 8601 UTC to the second, the seed form of current setups (no milliseconds)', () => {
    const record = buildEventRecord({ ...input, time: new Date(Date.UTC(2024, 5, 1, 23, 59, 59, 999)) })
    expect(record.eventTime).toBe('2024-06-01T23:59:59Z')
  })

  it('removal events carry only key, versionId and sequencer', () => {
    const record = buildEventRecord({ ...input, eventName: 's3:ObjectRemoved:Delete' })
    expect(record.s3.object).toStrictEqual({
      key: 'summer%2Fbeach+day.jpg',
      versionId: 'v1',
      sequencer: input.sequencer,
    })
    const { versionId: _, ...object } = input.object!
    expect(
      buildEventRecord({ ...input, eventName: 's3:ObjectRemoved:Delete', object }).s3.object,
    ).toStrictEqual({
      key: 'summer%2Fbeach+day.jpg',
      sequencer: input.sequencer,
    })
  })

  it('leaves out empty optional fields but keeps a zero size', () => {
    const record = buildEventRecord({
      ...input,
      object: { size: 0, eTag: '', contentType: '', userMetadata: {} },
    })
    expect(record.s3.object).toStrictEqual({
      key: 'summer%2Fbeach+day.jpg',
      size: 0,
      sequencer: input.sequencer,
    })
  })

  it('defaults: owner = caller, anonymous caller, unknown port and agent', () => {
    const { ownerPrincipalId: _o, ...rest } = input
    const record = buildEventRecord({ ...rest, principalId: '', source: { host: '10.1.1.1' } })
    expect(record.awsRegion).toBe('')
    expect(record.requestParameters).toEqual({ sourceIPAddress: '10.1.1.1' })
    expect(record.s3.bucket.ownerIdentity.principalId).toBe('')
    expect(record.source).toEqual({ host: '10.1.1.1', port: '', userAgent: '' })
  })

  it('brackets IPv6 addresses with a port', () => {
    const record = buildEventRecord({ ...input, source: { host: '::1', port: '8080' } })
    expect(record.requestParameters.sourceIPAddress).toBe('[::1]:8080')
    expect(record.source.host).toBe('::1')
  })

  it('adds extra response elements such as content-length', () => {
    const record = buildEventRecord({
      ...input,
      eventName: 's3:ObjectAccessed:Get',
      responseElements: { 'content-length': '1234' },
    })
    expect(record.responseElements['content-length']).toBe('1234')
    expect(record.responseElements['x-amz-request-id']).toBe(input.requestId)
  })
})

describe('event key escaping (Go url.QueryEscape, as S3 writes s3.object.key)', () => {
  it.each([
    ['plain.txt', 'plain.txt'],
    ['a/b/c', 'a%2Fb%2Fc'],
    ['a b', 'a+b'],
    ['a+b', 'a%2Bb'],
    ["it's (1)*!", 'it%27s+%281%29%2A%21'],
    ['~-_.', '~-_.'],
    ['é', '%C3%A9'],
    ['%41', '%2541'],
    ['q?x=1&y', 'q%3Fx%3D1%26y'],
  ])('%j → %j and back', (raw, escaped) => {
    expect(escapeEventKey(raw)).toBe(escaped)
    expect(unescapeEventKey(escaped)).toBe(raw)
  })
})
