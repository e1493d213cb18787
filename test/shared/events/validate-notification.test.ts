import { describe, expect, it } from 'vitest'
import { parseNotificationXml } from '../../../src/shared/events/notification-xml.js'
import {
  type ValidateNotificationOptions,
  validateNotificationConfig,
} from '../../../src/shared/events/validate-notification.js'

const ARN = 'arn:silo:sqs::1:webhook'
const ARN2 = 'arn:silo:sqs::2:redis'

interface QueueSpec {
  id?: string
  arn?: string
  events?: string[]
  rules?: [string, string][]
}

function queueXml(q: QueueSpec, element = 'QueueConfiguration', arnElement = 'Queue'): string {
  const id = q.id === undefined ? '' : `<Id>${q.id}</Id>`
  const rules = (q.rules ?? []).map(
    ([n, v]) => `<FilterRule><Name>${n}</Name><Value>${v}</Value></FilterRule>`,
  )
  const filter = rules.length ? `<Filter><S3Key>${rules.join('')}</S3Key></Filter>` : ''
  const events = (q.events ?? ['s3:ObjectCreated:Put']).map((e) => `<Event>${e}</Event>`).join('')
  return `<${element}>${id}${filter}${events}<${arnElement}>${q.arn ?? ARN}</${arnElement}></${element}>`
}

const doc = (...parts: string[]) => `<NotificationConfiguration>${parts.join('')}</NotificationConfiguration>`
const queues = (...specs: QueueSpec[]) => doc(...specs.map((s) => queueXml(s)))

function errorOf(xml: string, options?: ValidateNotificationOptions) {
  try {
    validateNotificationConfig(parseNotificationXml(xml), options)
  } catch (e) {
    return e as { code: string; message: string }
  }
  throw new Error('expected a validation error')
}

describe('notification configuration validation', () => {
  it('accepts a valid configuration and normalizes the filter', () => {
    const config = validateNotificationConfig(
      parseNotificationXml(queues({ id: 'x', rules: [['suffix', '.jpg']], events: ['s3:ObjectCreated:*'] })),
      { region: 'us-east-1', isKnownArn: (arn) => arn === ARN },
    )
    expect(config).toEqual({
      queues: [{ id: 'x', arn: ARN, events: ['s3:ObjectCreated:*'], filter: { prefix: '', suffix: '.jpg' } }],
    })
  })

  it.each<[string, string, string, RegExp, ValidateNotificationOptions?]>([
    [
      'topic',
      doc(queueXml({}, 'TopicConfiguration', 'Topic')),
      'UnsupportedNotification',
      /TopicConfiguration is not supported/,
    ],
    [
      'cloud function',
      doc(queueXml({}, 'CloudFunctionConfiguration', 'CloudFunction')),
      'UnsupportedNotification',
      /CloudFunctionConfiguration is not supported/,
    ],
    [
      'no event',
      queues({ id: 'e', events: [] }),
      'MalformedXML',
      /QueueConfiguration "e" must name at least one Event/,
    ],
    [
      'unknown event',
      queues({ events: ['s3:ObjectCreated:Putt'] }),
      'InvalidArgument',
      /not supported for notifications: "s3:ObjectCreated:Putt" in QueueConfiguration #1/,
    ],
    [
      'repeated event',
      queues({ events: ['s3:ObjectCreated:Put', 's3:ObjectCreated:Put'] }),
      'InvalidArgument',
      /Configurations overlap.*lists s3:ObjectCreated:Put more than once/,
    ],
    [
      'event inside its wildcard',
      queues({ events: ['s3:ObjectCreated:*', 's3:ObjectCreated:Copy'] }),
      'InvalidArgument',
      /lists s3:ObjectCreated:Copy more than once/,
    ],
    [
      'bad rule name',
      queues({ rules: [['Prefix', 'a']] }),
      'InvalidArgument',
      /must be either prefix or suffix, got "Prefix"/,
    ],
    [
      'two prefixes',
      queues({
        rules: [
          ['prefix', 'a'],
          ['prefix', 'b'],
        ],
      }),
      'InvalidArgument',
      /more than one prefix rule/,
    ],
    [
      'two suffixes',
      queues({
        rules: [
          ['suffix', 'a'],
          ['suffix', 'b'],
        ],
      }),
      'InvalidArgument',
      /more than one suffix rule/,
    ],
    [
      'backslash value',
      queues({ rules: [['prefix', 'a\\b']] }),
      'InvalidArgument',
      /Invalid filter value .*must not contain '\\'/,
    ],
    ['dot segment', queues({ rules: [['suffix', '../x']] }), 'InvalidArgument', /'\.\.' path segment/],
    [
      'long value',
      queues({ rules: [['prefix', 'a'.repeat(1025)]] }),
      'InvalidArgument',
      /at most 1024 bytes/,
    ],
    ['empty ARN', queues({ arn: '' }), 'InvalidArgument', /must name a destination ARN/],
    [
      'malformed ARN',
      queues({ arn: 'arn:silo:sqs::1' }),
      'InvalidArgument',
      /invalid ARN "arn:silo:sqs::1": must have 6/,
    ],
    [
      'foreign ARN',
      queues({ arn: 'arn:aws:sqs:us-east-1:1:q' }),
      'InvalidArgument',
      /must start with 'arn:silo:sqs:'/,
    ],
    [
      'other region',
      queues({ arn: 'arn:silo:sqs:eu-west-1:1:webhook' }),
      'InvalidArgument',
      /different region than the bucket: .*"eu-west-1", the server in "us-east-1"/,
      { region: 'us-east-1' },
    ],
    [
      'unknown target',
      queues({ arn: ARN2 }),
      'InvalidArgument',
      /ARN does not exist .*arn:silo:sqs::2:redis/,
      { isKnownArn: (a) => a === ARN },
    ],
    [
      'identical queues',
      queues({}, {}),
      'InvalidArgument',
      /overlapping prefixes.*: QueueConfiguration #2 repeats QueueConfiguration #1 \(the same target arn:silo:sqs::1:webhook, the same events and the same filter\)/,
    ],
    [
      'a repeated rule written with a wildcard for the same events',
      queues(
        { id: 'a', events: ['s3:ObjectCreated:*'], rules: [['suffix', '.jpg']] },
        {
          id: 'b',
          events: [
            's3:ObjectCreated:Copy',
            's3:ObjectCreated:Put',
            's3:ObjectCreated:Post',
            's3:ObjectCreated:CompleteMultipartUpload',
          ],
          rules: [['suffix', '.jpg']],
        },
      ),
      'InvalidArgument',
      /QueueConfiguration "b" repeats QueueConfiguration "a"/,
    ],
    [
      'a repeated rule naming the same target with the older region',
      queues({}, { arn: 'arn:silo:sqs:us-east-1:1:webhook' }),
      'InvalidArgument',
      /#2 repeats QueueConfiguration #1 \(the same target arn:silo:sqs:us-east-1:1:webhook/,
    ],
  ])('%s', (_, xml, code, message, options) => {
    const error = errorOf(xml, options)
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
  })

  it.each<[string, QueueSpec[]]>([
    ['different events', [{ events: ['s3:ObjectCreated:*'] }, { events: ['s3:ObjectRemoved:*'] }]],
    ['disjoint prefixes', [{ rules: [['prefix', 'a/']] }, { rules: [['prefix', 'b/']] }]],
    ['disjoint suffixes', [{ rules: [['suffix', '.jpg']] }, { arn: ARN2, rules: [['suffix', '.png']] }]],
    [
      'same prefix, disjoint suffixes',
      [
        {
          rules: [
            ['prefix', 'a/'],
            ['suffix', '.jpg'],
          ],
        },
        {
          rules: [
            ['prefix', 'a/'],
            ['suffix', '.png'],
          ],
        },
      ],
    ],
    // The seed's walkthroughs add one rule per target: same events, overlapping filters.
    ['the same events for two targets', [{}, { arn: ARN2 }]],
    [
      'overlapping filters for two targets',
      [
        { id: 'a', rules: [['prefix', 'images/']] },
        { id: 'b', arn: ARN2, rules: [['suffix', '.jpg']] },
      ],
    ],
    // The same target twice, overlapping but not repeated: it gets each event once.
    [
      'one target, a wildcard and one of its events with a filter',
      [{ events: ['s3:ObjectCreated:*'] }, { events: ['s3:ObjectCreated:Copy'], rules: [['prefix', 'x/']] }],
    ],
    ['one target, the same events with and without a filter', [{}, { rules: [['suffix', '.jpg']] }]],
  ])('accepts rules that share events but are not repeats: %s', (_, specs) => {
    expect(validateNotificationConfig(parseNotificationXml(queues(...specs))).queues).toHaveLength(
      specs.length,
    )
  })

  it('accepts the region us-east-1 of older setups whatever the server region (seed, Versioning 4)', () => {
    const config = validateNotificationConfig(
      parseNotificationXml(queues({ arn: 'arn:silo:sqs:us-east-1:1:webhook' })),
      { region: 'eu-west-1', isKnownArn: (arn) => arn.endsWith(':1:webhook') },
    )
    expect(config.queues[0]!.arn).toBe('arn:silo:sqs:us-east-1:1:webhook')
  })

  it('accepts an ARN with an empty region when the server has one', () => {
    expect(() =>
      validateNotificationConfig(parseNotificationXml(queues({})), { region: 'us-east-1' }),
    ).not.toThrow()
  })
})
