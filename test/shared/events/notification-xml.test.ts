import { describe, expect, it } from 'vitest'
import type { NotificationConfig } from '../../../src/shared/events/notification-config.js'
import {
  parseNotificationXml,
  serializeNotificationXml,
} from '../../../src/shared/events/notification-xml.js'
import { validateNotificationConfig } from '../../../src/shared/events/validate-notification.js'

const ARN = 'arn:silo:sqs::1:webhook'

const roundTrip = (config: NotificationConfig) =>
  validateNotificationConfig(parseNotificationXml(serializeNotificationXml(config)))

describe('NotificationConfiguration XML', () => {
  it('parses the S3 shape: Id, Filter/S3Key/FilterRule, repeated Event, Queue', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
        <QueueConfiguration>
          <Id>images</Id>
          <Filter><S3Key>
            <FilterRule><Name>prefix</Name><Value>images/</Value></FilterRule>
            <FilterRule><Name>suffix</Name><Value>.jpg</Value></FilterRule>
          </S3Key></Filter>
          <Event>s3:ObjectCreated:*</Event>
          <Event>s3:ObjectRemoved:Delete</Event>
          <Queue>${ARN}</Queue>
        </QueueConfiguration>
      </NotificationConfiguration>`
    expect(parseNotificationXml(xml)).toEqual({
      queues: [
        {
          id: 'images',
          arn: ARN,
          events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:Delete'],
          filterRules: [
            { name: 'prefix', value: 'images/' },
            { name: 'suffix', value: '.jpg' },
          ],
        },
      ],
      topics: [],
      cloudFunctions: [],
    })
  })

  it('parses an empty configuration (removes all rules)', () => {
    expect(parseNotificationXml('<NotificationConfiguration/>')).toEqual({
      queues: [],
      topics: [],
      cloudFunctions: [],
    })
    expect(parseNotificationXml('<NotificationConfiguration></NotificationConfiguration>').queues).toEqual([])
  })

  it('keeps values verbatim: spaces, entities, digits', () => {
    const xml = `<NotificationConfiguration><QueueConfiguration><Id>007</Id>
      <Filter><S3Key><FilterRule><Name>prefix</Name><Value> a&amp;b&lt;</Value></FilterRule></S3Key></Filter>
      <Event>s3:ObjectCreated:Put</Event><Queue>${ARN}</Queue></QueueConfiguration></NotificationConfiguration>`
    const [rule] = parseNotificationXml(xml).queues
    expect(rule?.id).toBe('007')
    expect(rule?.filterRules).toEqual([{ name: 'prefix', value: ' a&b<' }])
  })

  it('collects Topic and CloudFunction configurations separately', () => {
    const xml = `<NotificationConfiguration>
      <TopicConfiguration><Event>s3:ObjectCreated:Put</Event><Topic>arn:aws:sns:::t</Topic></TopicConfiguration>
      <CloudFunctionConfiguration><Event>s3:ObjectCreated:Put</Event><CloudFunction>arn:aws:lambda:::f</CloudFunction></CloudFunctionConfiguration>
    </NotificationConfiguration>`
    const raw = parseNotificationXml(xml)
    expect(raw.topics[0]?.arn).toBe('arn:aws:sns:::t')
    expect(raw.cloudFunctions[0]?.arn).toBe('arn:aws:lambda:::f')
  })

  it.each([
    ['', /MalformedXML|not well-formed/],
    ['<NotificationConfiguration>', /not well-formed/],
    ['<NotificationConfiguration><QueueConfiguration></NotificationConfiguration>', /not well-formed/],
    [
      '<!DOCTYPE x [<!ENTITY a "aaaa">]><NotificationConfiguration><QueueConfiguration><Id>&a;</Id></QueueConfiguration></NotificationConfiguration>',
      /DOCTYPE declarations are not allowed/,
    ],
    ['<Other/>', /root element must be NotificationConfiguration, got Other/],
    [
      '<NotificationConfiguration><Bogus/></NotificationConfiguration>',
      /unexpected element Bogus in NotificationConfiguration/,
    ],
    [
      '<NotificationConfiguration>text</NotificationConfiguration>',
      /must contain elements|must not contain text/,
    ],
    [
      '<NotificationConfiguration><QueueConfiguration><Arn>x</Arn></QueueConfiguration></NotificationConfiguration>',
      /unexpected element Arn in QueueConfiguration/,
    ],
    [
      '<NotificationConfiguration><QueueConfiguration><Id>a</Id><Id>b</Id></QueueConfiguration></NotificationConfiguration>',
      /QueueConfiguration\/Id must be text/,
    ],
    [
      '<NotificationConfiguration><QueueConfiguration><Filter><Key/></Filter></QueueConfiguration></NotificationConfiguration>',
      /unexpected element Key in QueueConfiguration\/Filter/,
    ],
  ])('rejects %j as MalformedXML', (xml, message) => {
    let error: unknown
    try {
      parseNotificationXml(xml)
    } catch (e) {
      error = e
    }
    expect(error).toMatchObject({ name: 'NotificationConfigError', code: 'MalformedXML' })
    expect((error as Error).message).toMatch(message)
  })

  it('serializes with the S3 namespace and only the filter rules that are set', () => {
    const xml = serializeNotificationXml({
      queues: [
        { id: 'a', arn: ARN, events: ['s3:ObjectCreated:Put'], filter: { prefix: '', suffix: '.jpg' } },
      ],
    })
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><QueueConfiguration>' +
        `<Id>a</Id><Queue>${ARN}</Queue><Event>s3:ObjectCreated:Put</Event>` +
        '<Filter><S3Key><FilterRule><Name>suffix</Name><Value>.jpg</Value></FilterRule></S3Key></Filter>' +
        '</QueueConfiguration></NotificationConfiguration>',
    )
    expect(serializeNotificationXml({ queues: [] })).toContain(
      '<NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></NotificationConfiguration>',
    )
  })

  it.each<[string, NotificationConfig]>([
    ['empty', { queues: [] }],
    [
      'several rules, wildcards, no Id',
      {
        queues: [
          {
            arn: ARN,
            events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'],
            filter: { prefix: 'in/', suffix: '' },
          },
          {
            id: 'b',
            arn: 'arn:silo:sqs:us-east-1:2:redis',
            events: ['s3:ObjectAccessed:Get'],
            filter: { prefix: '', suffix: '' },
          },
        ],
      },
    ],
    [
      'values needing escapes',
      {
        queues: [
          {
            id: '<&>"\'',
            arn: ARN,
            events: ['s3:ObjectCreated:Put'],
            filter: { prefix: ' <a&b>/', suffix: '"q\'' },
          },
        ],
      },
    ],
    [
      'unicode',
      {
        queues: [
          { arn: ARN, events: ['s3:ObjectCreated:Put'], filter: { prefix: 'фото/', suffix: '.日本' } },
        ],
      },
    ],
  ])('round-trips %s', (_, config) => {
    expect(roundTrip(config)).toEqual(config)
  })
})
