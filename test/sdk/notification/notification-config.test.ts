import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  buildARN,
  CloudFunctionConfig,
  NotificationConfig,
  ObjectCreatedAll,
  ObjectCreatedPut,
  ObjectReducedRedundancyLostObject,
  ObjectRemovedAll,
  QueueConfig,
  S3Error,
  TopicConfig,
} from '../../../src/index.js'
import { MOCK_BASE, mockClient, useMockServer } from '../support/msw.js'

const { server, seen } = useMockServer()
const text = async (body: Promise<Uint8Array>) => new TextDecoder().decode(await body)

describe('notification builders (minio-js shapes)', () => {
  it('builds ARNs and has minio-js event constants', () => {
    expect(buildARN('silo', 'sqs', '', '1', 'webhook')).toBe('arn:silo:sqs::1:webhook')
    expect(buildARN('aws', 'sns', 'us-west-2', '408065449417', 'topic')).toBe(
      'arn:aws:sns:us-west-2:408065449417:topic',
    )
    expect([ObjectCreatedAll, ObjectRemovedAll, ObjectReducedRedundancyLostObject]).toEqual([
      's3:ObjectCreated:*',
      's3:ObjectRemoved:*',
      's3:ReducedRedundancyLostObject',
    ])
  })

  it('files each configuration under its kind, with Event and Filter.S3Key.FilterRule', () => {
    const config = new NotificationConfig()
    const queue = new QueueConfig('arn:silo:sqs::1:webhook')
    queue.setId('thumbs')
    queue.addEvent(ObjectCreatedPut)
    queue.addFilterPrefix('photos/')
    queue.addFilterSuffix('.jpg')
    config.add(queue)
    config.add(new TopicConfig('arn:aws:sns:us-east-1:1:t'))
    config.add(new CloudFunctionConfig('arn:aws:lambda:us-east-1:1:function:f'))
    expect(config.QueueConfiguration).toEqual([
      {
        Id: 'thumbs',
        Queue: 'arn:silo:sqs::1:webhook',
        Event: ['s3:ObjectCreated:Put'],
        Filter: {
          S3Key: {
            FilterRule: [
              { Name: 'prefix', Value: 'photos/' },
              { Name: 'suffix', Value: '.jpg' },
            ],
          },
        },
      },
    ])
    expect(config.TopicConfiguration?.[0]?.Topic).toBe('arn:aws:sns:us-east-1:1:t')
    expect(config.CloudFunctionConfiguration?.[0]?.CloudFunction).toBe(
      'arn:aws:lambda:us-east-1:1:function:f',
    )
    expect(() => config.add({} as QueueConfig)).toThrow(TypeError)
  })
})

describe('getBucketNotification / setBucketNotification / removeAllBucketNotification', () => {
  it('PUTs ?notification with the configuration as XML, escaping values', async () => {
    server.use(http.put(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 200 })))
    const config = new NotificationConfig()
    const queue = new QueueConfig('arn:silo:sqs::1:webhook')
    queue.addEvent(ObjectCreatedAll)
    queue.addFilterPrefix('a&b<')
    config.add(queue)
    await mockClient().setBucketNotification('photos', config)
    expect(seen[0]!.url.search).toBe('?notification=')
    const body = await text(seen[0]!.body)
    expect(body).toContain(
      '<QueueConfiguration><Queue>arn:silo:sqs::1:webhook</Queue><Event>s3:ObjectCreated:*</Event>',
    )
    expect(body).toContain('<FilterRule><Name>prefix</Name><Value>a&amp;b&lt;</Value></FilterRule>')
  })

  it('accepts a plain object of the same shape, and rejects a non-object with TypeError', async () => {
    server.use(http.put(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 200 })))
    await mockClient().setBucketNotification('photos', {
      QueueConfiguration: [{ Queue: 'arn:silo:sqs::1:redis', Event: ['s3:ObjectRemoved:*'] }],
    })
    expect(await text(seen[0]!.body)).toContain(
      '<Queue>arn:silo:sqs::1:redis</Queue><Event>s3:ObjectRemoved:*</Event>',
    )
    await expect(mockClient().setBucketNotification('photos', 'x' as unknown as object)).rejects.toThrow(
      TypeError,
    )
  })

  it('removeAllBucketNotification PUTs an empty configuration', async () => {
    server.use(http.put(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 200 })))
    await mockClient().removeAllBucketNotification('photos')
    expect(await text(seen[0]!.body)).toMatch(
      /<NotificationConfiguration xmlns="[^"]+"><\/NotificationConfiguration>$/,
    )
  })

  it("parses the answer into minio-js's shape (lists always present, Filter flattened)", async () => {
    server.use(
      http.get(
        `${MOCK_BASE}/photos`,
        () =>
          new HttpResponse(
            '<?xml version="1.0" encoding="UTF-8"?><NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
              '<QueueConfiguration><Id>1</Id><Filter><S3Key><FilterRule><Name>suffix</Name><Value>.jpg</Value></FilterRule></S3Key></Filter>' +
              '<Queue>arn:silo:sqs::1:webhook</Queue><Event>s3:ObjectCreated:*</Event><Event>s3:ObjectRemoved:*</Event></QueueConfiguration>' +
              '</NotificationConfiguration>',
            { headers: { 'content-type': 'application/xml' } },
          ),
      ),
    )
    const config = await mockClient().getBucketNotification('photos')
    expect(config).toEqual({
      TopicConfiguration: [],
      QueueConfiguration: [
        {
          Id: '1',
          Queue: 'arn:silo:sqs::1:webhook',
          Event: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'],
          Filter: [{ Name: 'suffix', Value: '.jpg' }],
        },
      ],
      CloudFunctionConfiguration: [],
    })
  })

  it('calls back, and reports server errors as S3Error', async () => {
    server.use(
      http.get(
        `${MOCK_BASE}/nobucket`,
        () =>
          new HttpResponse('<Error><Code>NoSuchBucket</Code><Message>gone</Message></Error>', {
            status: 404,
            headers: { 'content-type': 'application/xml' },
          }),
      ),
    )
    const err = await new Promise<Error | null>((resolve) =>
      mockClient().getBucketNotification('nobucket', (e) => resolve(e)),
    )
    expect(err).toBeInstanceOf(S3Error)
    expect((err as S3Error).code).toBe('NoSuchBucket')
  })
})
