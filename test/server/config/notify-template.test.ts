import { describe, expect, it } from 'vitest'
import { defaultServerConfig, parseServerConfig } from '../../../src/server/config/server-config.js'
import { parseNotifyConfig } from '../../../src/server/events/targets/registry.js'

/** The parameters of each kind, exactly as the seed's "Notification target parameters" tables list them. */
const SEED_PARAMETERS: Record<string, string[]> = {
  amqp: [
    'enable',
    'url',
    'exchange',
    'routingKey',
    'exchangeType',
    'deliveryMode',
    'mandatory',
    'immediate',
    'durable',
    'internal',
    'noWait',
    'autoDeleted',
  ],
  mqtt: ['enable', 'broker', 'topic', 'qos', 'username', 'password', 'queueDir', 'queueLimit'],
  elasticsearch: ['enable', 'format', 'url', 'index'],
  redis: ['enable', 'format', 'address', 'password', 'key'],
  nats: [
    'enable',
    'address',
    'subject',
    'username',
    'password',
    'token',
    'secure',
    'pingInterval',
    'streaming.enable',
    'streaming.clusterID',
    'streaming.clientID',
    'streaming.async',
    'streaming.maxPubAcksInflight',
  ],
  postgresql: [
    'enable',
    'format',
    'connectionString',
    'table',
    'host',
    'port',
    'user',
    'password',
    'database',
  ],
  mysql: ['enable', 'format', 'dsnString', 'table', 'host', 'port', 'user', 'password', 'database'],
  kafka: ['enable', 'brokers', 'topic'],
  webhook: ['enable', 'endpoint'],
  nsq: ['enable', 'nsqdAddress', 'topic', 'tls.enable', 'tls.skipVerify'],
}

/** What a user fills in after setting `enable` to true (the seed's required fields). */
const FILLED: Record<string, Record<string, unknown>> = {
  amqp: { url: 'amqp://guest:guest@127.0.0.1:5672', exchange: 'bucketevents', exchangeType: 'fanout' },
  mqtt: { broker: 'tcp://127.0.0.1:1883', topic: 'silo' },
  elasticsearch: { url: 'http://127.0.0.1:9200', index: 'silo_events' },
  redis: { address: '127.0.0.1:6379', key: 'bucketevents' },
  nats: { address: '127.0.0.1:4222', subject: 'bucketevents' },
  postgresql: { table: 'bucketevents', database: 'silo' },
  mysql: { table: 'bucketevents', host: '127.0.0.1', port: '3306', user: 'root', database: 'silo' },
  kafka: { brokers: ['127.0.0.1:9092'], topic: 'bucketevents' },
  webhook: { endpoint: 'http://127.0.0.1:3000/' },
  nsq: { nsqdAddress: '127.0.0.1:4150', topic: 'bucketevents' },
}

/** `{a: 1, b: {c: 2}}` → `['a', 'b.c']`. */
function flatKeys(params: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(params).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? flatKeys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  )
}

describe('the notify template of a fresh configuration', () => {
  const { notify } = defaultServerConfig('us-east-1')

  it('has one member per target kind, in the seed order, each a disabled instance "1"', () => {
    expect(Object.keys(notify)).toEqual(Object.keys(SEED_PARAMETERS))
    for (const instances of Object.values(notify)) {
      expect(Object.keys(instances)).toEqual(['1'])
      expect(instances['1']!.enable).toBe(false)
    }
  })

  it.each(Object.entries(SEED_PARAMETERS))('%s holds every parameter of the seed table', (kind, names) => {
    expect(flatKeys(notify[kind]!['1']!).sort()).toEqual([...names].sort())
  })

  it('holds the defaults the seed names', () => {
    expect(notify.mqtt!['1']).toMatchObject({ queueLimit: 10000, qos: 0 })
    expect(notify.postgresql!['1']).toMatchObject({ host: 'localhost', port: '5432' })
    expect(notify.kafka!['1']!.brokers).toEqual([])
  })

  it('validates as it is and starts no target', () => {
    const text = JSON.stringify(defaultServerConfig(''))
    expect(parseServerConfig(text).notify).toEqual(notify)
    expect(parseNotifyConfig(notify)).toEqual([])
  })

  it.each(Object.keys(FILLED))('%s validates once enabled and its address fields are filled in', (kind) => {
    const edited = structuredClone(notify)
    Object.assign(edited[kind]!['1']!, { enable: true }, FILLED[kind])
    const configured = parseNotifyConfig(edited)
    expect(configured.map((t) => `${t.kind}:${t.id}`)).toEqual([`${kind}:1`])
  })

  it('is a fresh copy each time (editing one does not change the next)', () => {
    defaultServerConfig('').notify.webhook!['1']!.enable = true
    expect(defaultServerConfig('').notify.webhook!['1']!.enable).toBe(false)
  })
})
