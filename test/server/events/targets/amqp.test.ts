import { type Channel, type ChannelModel, type ConsumeMessage, connect } from 'amqplib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { amqpTarget } from '../../../../src/server/events/targets/amqp.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { checkService, findClosedPort, uniqueName } from './helpers/service.js'

const PORT = 5672
const URL = `amqp://guest:guest@127.0.0.1:${PORT}`
const service = await checkService('amqp (RabbitMQ)', PORT)
const base = { enable: true, url: URL, exchange: 'x', exchangeType: 'fanout', routingKey: 'r' }

describe('amqp parse', () => {
  it('accepts the seed parameters, with MinIO-style empty values', () => {
    const raw = {
      ...base,
      deliveryMode: 2,
      mandatory: false,
      immediate: false,
      durable: false,
      internal: false,
      noWait: false,
      autoDeleted: false,
    }
    expect(amqpTarget.parse(raw)).toEqual({
      enable: true,
      url: URL,
      exchange: 'x',
      routingKey: 'r',
      exchangeType: 'fanout',
      deliveryMode: 2,
      mandatory: false,
      durable: false,
      internal: false,
      noWait: false,
      autoDeleted: false,
      immediate: false,
      queueLimit: 10000,
    })
  })

  it('accepts immediate: true (the seed lists it as a publishing flag)', () => {
    expect(amqpTarget.parse({ ...base, immediate: true })).toMatchObject({ immediate: true })
  })

  const P = 'notify.amqp["1"]'
  it.each<BadConfigRow>([
    ['no url', { ...base, url: '' }, `${P}.url: is required`],
    ['an http url', { ...base, url: 'http://h' }, `${P}.url: must be an amqp:// or amqps:// URL`],
    ['deliveryMode 3', { ...base, deliveryMode: 3 }, `${P}.deliveryMode: must be an integer from 0 to 2`],
    ['durable as a string', { ...base, durable: 'yes' }, `${P}.durable: must be true or false`],
    ['unknown field', { ...base, exchangeKind: 'fanout' }, `${P}.exchangeKind: unknown parameter`],
  ])('rejects %s', (_, raw, message) => expectConfigError(amqpTarget, raw, message))
})

describe.skipIf(!service.up)(`amqp target against ${service.title}`, () => {
  let admin: ChannelModel
  let channel: Channel
  beforeAll(async () => {
    admin = await connect(URL)
    channel = await admin.createChannel()
  })
  afterAll(() => admin?.close())

  /** Binds a fresh queue to `exchange` and collects what arrives. */
  async function subscribe(exchange: string, received: ConsumeMessage[]): Promise<string> {
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true })
    await channel.bindQueue(queue, exchange, '')
    await channel.consume(queue, (m) => m && received.push(m), { noAck: true })
    return queue
  }

  describe('publishing the common payload to a fanout exchange', () => {
    const exchange = uniqueName('silo_test')
    const received: ConsumeMessage[] = []
    runTargetContract({
      style: 'message',
      async setup() {
        const params = amqpTarget.parse({ ...base, exchange, deliveryMode: 2, durable: true })
        return {
          target: amqpTarget.create('1', '', params),
          async checkPrepared() {
            await channel.checkExchange(exchange) // declared by open
            await subscribe(exchange, received)
          },
          async read() {
            for (const m of received) {
              expect(m.properties).toMatchObject({ contentType: 'application/json', deliveryMode: 2 })
              expect(m.fields).toMatchObject({ exchange, routingKey: 'r' })
            }
            return received.map((m) => JSON.parse(m.content.toString()))
          },
          cleanup: async () => void (await channel.deleteExchange(exchange)),
        }
      },
      async createUnreachable() {
        const url = `amqp://guest:guest@127.0.0.1:${await findClosedPort()}`
        return amqpTarget.create('1', '', amqpTarget.parse({ ...base, url }))
      },
    })
  })

  it('fails a mandatory message that no queue receives, and delivers once one is bound', async () => {
    const exchange = uniqueName('silo_test_mandatory')
    const target = amqpTarget.create('1', '', amqpTarget.parse({ ...base, exchange, mandatory: true }))
    const event = makeEvent('s3:ObjectCreated:Put', 'b', 'o', '2024-05-01T10:00:00Z')
    try {
      await expect(target.send(event)).rejects.toThrow(
        `send failed: unroutable: no queue is bound to exchange '${exchange}' for routing key 'r' (mandatory)`,
      )
      const received: ConsumeMessage[] = []
      await subscribe(exchange, received)
      await target.send(event)
      await expect.poll(() => received.length).toBe(1)
    } finally {
      await target.close()
      await channel.deleteExchange(exchange)
    }
  })

  it('delivers with immediate: true, which RabbitMQ refuses on the wire, and says so once at open', async () => {
    const exchange = uniqueName('silo_test_immediate')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const params = amqpTarget.parse({ ...base, exchange, immediate: true, mandatory: true })
    const target = amqpTarget.create('1', '', params)
    try {
      await target.open()
      const received: ConsumeMessage[] = []
      await subscribe(exchange, received)
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'o1', '2024-05-01T10:00:00Z'))
      await target.open() // the pipeline opens again after an outage: no second notice
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'o2', '2024-05-01T10:00:01Z'))
      await expect.poll(() => received.length).toBe(2)
      expect(received.map((m) => JSON.parse(m.content.toString()).Records[0].s3.object.key)).toEqual([
        'o1',
        'o2',
      ])
      const notices = warn.mock.calls.map((args) => String(args[0])).filter((m) => m.includes('immediate'))
      expect(notices).toEqual([
        `[silo events] ${target.arn}: immediate is set, but RabbitMQ does not implement it (a publish with it closes the connection: 540 NOT_IMPLEMENTED); events are published without it`,
      ])
    } finally {
      warn.mockRestore()
      await target.close()
      await channel.deleteExchange(exchange)
    }
  })

  it('declares once per connection, and redeclares after the broker closed the channel', async () => {
    const exchange = uniqueName('silo_test_redeclare')
    const target = amqpTarget.create('1', '', amqpTarget.parse({ ...base, exchange }))
    const event = makeEvent('s3:ObjectCreated:Put', 'b', 'o', '2024-05-01T10:00:00Z')
    try {
      await target.open()
      await channel.deleteExchange(exchange)
      // Not redeclared per event: the publish hits a missing exchange and the broker says 404.
      await expect(target.send(event)).rejects.toThrow(/send failed: .*NOT_FOUND/)
      await target.send(event) // a new connection declares it again
      await channel.checkExchange(exchange)
    } finally {
      await target.close()
      await channel.deleteExchange(exchange)
    }
  })

  it('checks, without declaring, an exchange configured without exchangeType', async () => {
    const target = amqpTarget.create(
      '1',
      '',
      amqpTarget.parse({ ...base, exchange: uniqueName('absent'), exchangeType: '' }),
    )
    await expect(target.open()).rejects.toThrow(/open failed: .*NOT_FOUND - no exchange/)
    await target.close()
  })
})
