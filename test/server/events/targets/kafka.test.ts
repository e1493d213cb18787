import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kafkaTarget } from '../../../../src/server/events/targets/kafka.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent, sendUntilDelivered } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { findClosedPort } from './helpers/service.js'
import { type KafkaStandin, startKafkaStandin } from './standins/kafka-broker.js'

const P = 'notify.kafka["1"]'

describe('kafka parse', () => {
  it.each<BadConfigRow>([
    ['no brokers', { enable: true, topic: 't' }, `${P}.brokers: is required`],
    ['empty brokers', { enable: true, brokers: [], topic: 't' }, `${P}.brokers: must not be empty`],
    [
      'a broker without port',
      { enable: true, brokers: ['h'], topic: 't' },
      `${P}.brokers[0]: must be <host>:<port>`,
    ],
    [
      'brokers as a string',
      { enable: true, brokers: 'h:1', topic: 't' },
      `${P}.brokers: must be an array of non-empty strings`,
    ],
    ['no topic', { enable: true, brokers: ['h:9092'] }, `${P}.topic: is required`],
    [
      'a topic with a space',
      { enable: true, brokers: ['h:9092'], topic: 'a b' },
      `${P}.topic: must be 1-249 letters, digits, ., _ or -`,
    ],
    [
      'sasl without user',
      { enable: true, brokers: ['h:9092'], topic: 't', sasl: { enable: true } },
      `${P}.sasl: enable needs username and password (SASL/PLAIN)`,
    ],
    [
      'unknown tls field',
      { enable: true, brokers: ['h:9092'], topic: 't', tls: { ca: 'x' } },
      `${P}.tls.ca: unknown parameter`,
    ],
  ])('rejects %s', (_, raw, message) => expectConfigError(kafkaTarget, raw, message))

  it('accepts the 2018 fields (tls.clientAuth is accepted and unused, as it did nothing in MinIO)', () => {
    const params = kafkaTarget.parse({
      enable: true,
      brokers: ['127.0.0.1:9092', '[::1]:9093'],
      topic: 'bucketevents',
      tls: { enable: false, skipVerify: true, clientAuth: 0 },
      sasl: { enable: true, username: 'u', password: 'p' },
      queueDir: '/var/silo/events',
      queueLimit: 500,
    })
    expect(params).toMatchObject({ brokers: ['127.0.0.1:9092', '[::1]:9093'], queueLimit: 500 })
  })
})

describe('kafka target against a Kafka 0.10 wire stand-in (kafkajs)', () => {
  let broker: KafkaStandin
  beforeAll(async () => {
    broker = await startKafkaStandin()
  })
  afterAll(() => broker.close())

  runTargetContract({
    style: 'message',
    async setup() {
      const topic = `events-${Date.now()}`
      const target = kafkaTarget.create(
        '1',
        '',
        kafkaTarget.parse({ enable: true, brokers: [`127.0.0.1:${broker.port}`], topic }),
      )
      return {
        target,
        read: async () =>
          broker.messages.filter((m) => m.topic === topic).map((m) => JSON.parse(m.value ?? 'null')),
        cleanup: async () => undefined,
      }
    },
    async createUnreachable() {
      const port = await findClosedPort()
      return kafkaTarget.create(
        '9',
        '',
        kafkaTarget.parse({ enable: true, brokers: [`127.0.0.1:${port}`], topic: 't' }),
      )
    },
  })

  it('keys each message <bucket>/<object>, asks for acks from all replicas, and says EventType (seed)', async () => {
    const topic = `keys-${Date.now()}`
    const target = kafkaTarget.create(
      '2',
      '',
      kafkaTarget.parse({ enable: true, brokers: [`127.0.0.1:${broker.port}`], topic }),
    )
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'photos', 'a b/c.jpg', '2024-05-01T10:00:00.000Z'))
      const [message] = broker.messages.filter((m) => m.topic === topic)
      expect(message).toMatchObject({ key: 'photos/a b/c.jpg', acks: -1, partition: 0 })
      expect(JSON.parse(message!.value!)).toMatchObject({
        EventType: 's3:ObjectCreated:Put',
        Key: 'photos/a b/c.jpg',
      })
      expect(broker.requests).toContain('Produce v2')
    } finally {
      await target.close()
    }
  })

  it('sends again after the broker dropped the connection', async () => {
    const topic = `drop-${Date.now()}`
    const target = kafkaTarget.create(
      '3',
      '',
      kafkaTarget.parse({ enable: true, brokers: [`127.0.0.1:${broker.port}`], topic }),
    )
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'one', '2024-05-01T10:00:00.000Z'))
      broker.dropConnections()
      await sendUntilDelivered(
        target,
        makeEvent('s3:ObjectCreated:Put', 'b', 'two', '2024-05-01T10:00:01.000Z'),
      )
      expect(broker.messages.filter((m) => m.topic === topic).map((m) => m.key)).toEqual(['b/one', 'b/two'])
    } finally {
      await target.close()
    }
  })
})

describe('kafka target with SASL/PLAIN', () => {
  it('authenticates with the configured user, and fails open with a wrong password', async () => {
    const broker = await startKafkaStandin({ sasl: { username: 'silo', password: 's3cret' } })
    const config = (password: string) =>
      kafkaTarget.parse({
        enable: true,
        brokers: [`127.0.0.1:${broker.port}`],
        topic: 'sasl',
        sasl: { enable: true, username: 'silo', password },
      })
    const good = kafkaTarget.create('1', '', config('s3cret'))
    const bad = kafkaTarget.create('2', '', config('wrong'))
    try {
      await good.send(makeEvent('s3:ObjectCreated:Put', 'b', 'k', '2024-05-01T10:00:00.000Z'))
      expect(broker.authenticated).toEqual(['silo'])
      expect(broker.messages.map((m) => m.key)).toEqual(['b/k'])
      await expect(bad.open()).rejects.toThrow(/arn:silo:sqs::2:kafka: open failed: .*[Aa]uthentication/)
    } finally {
      await good.close()
      await bad.close()
      await broker.close()
    }
  })
})
