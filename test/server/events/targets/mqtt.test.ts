import { connectAsync, type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mqttTarget, toMqttJsUrl } from '../../../../src/server/events/targets/mqtt.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { checkService, findClosedPort, uniqueName } from './helpers/service.js'

const PORT = 1883
const service = await checkService('mqtt (Mosquitto)', PORT)
const base = { enable: true, broker: `tcp://127.0.0.1:${PORT}`, topic: 't' }

describe('mqtt parse', () => {
  it.each([
    ['tcp://h:1883', 'mqtt://h:1883'],
    ['tls://h:8883', 'mqtts://h:8883'],
    ['ssl://h:8883', 'mqtts://h:8883'],
    ['ws://h:9001/mqtt', 'ws://h:9001/mqtt'],
    ['wss://h/mqtt', 'wss://h/mqtt'],
  ])('maps broker %s to %s', (broker, url) => expect(toMqttJsUrl(broker)).toBe(url))

  it('accepts the seed parameters', () => {
    expect(
      mqttTarget.parse({ ...base, qos: 2, username: 'u', password: 'p', queueDir: '/q', queueLimit: 5 }),
    ).toEqual({
      enable: true,
      broker: base.broker,
      topic: 't',
      qos: 2,
      username: 'u',
      password: 'p',
      queueDir: '/q',
      queueLimit: 5,
    })
  })

  const P = 'notify.mqtt["1"]'
  it.each<BadConfigRow>([
    ['no broker', { ...base, broker: undefined }, `${P}.broker: is required`],
    [
      'an http broker',
      { ...base, broker: 'http://h:1883' },
      `${P}.broker: must be a URL with scheme tcp://, tls:// or ws:// (also ssl, tcps, wss)`,
    ],
    ['no topic', { ...base, topic: '' }, `${P}.topic: is required`],
    ['a wildcard topic', { ...base, topic: 'a/#' }, `${P}.topic: must not contain the wildcards # or +`],
    ['qos 3', { ...base, qos: 3 }, `${P}.qos: must be an integer from 0 to 2`],
    ['qos 1.5', { ...base, qos: 1.5 }, `${P}.qos: must be an integer from 0 to 2`],
    ['a clientId (removed from the seed)', { ...base, clientId: 'c' }, `${P}.clientId: unknown parameter`],
  ])('rejects %s', (_, raw, message) => expectConfigError(mqttTarget, raw, message))
})

describe.skipIf(!service.up)(`mqtt target against ${service.title}`, () => {
  let subscriber: MqttClient
  beforeAll(async () => {
    subscriber = await connectAsync(`mqtt://127.0.0.1:${PORT}`, { reconnectPeriod: 0 })
  })
  afterAll(() => subscriber?.endAsync())

  for (const qos of [0, 1, 2] as const) {
    describe(`at qos ${qos}`, () => {
      const topic = `silo-test/${uniqueName(`qos${qos}`)}`
      const received: { payload: unknown; qos: number; retain: boolean }[] = []
      runTargetContract({
        style: 'message',
        async setup() {
          await subscriber.subscribeAsync(topic, { qos: 2 })
          subscriber.on('message', (t, payload, packet) => {
            if (t === topic)
              received.push({
                payload: JSON.parse(payload.toString()),
                qos: packet.qos,
                retain: packet.retain,
              })
          })
          return {
            target: mqttTarget.create('1', '', mqttTarget.parse({ ...base, topic, qos })),
            async read() {
              for (const m of received) expect(m).toMatchObject({ qos, retain: false })
              return received.map((m) => m.payload)
            },
            cleanup: async () => void (await subscriber.unsubscribeAsync(topic)),
          }
        },
        async createUnreachable() {
          const broker = `tcp://127.0.0.1:${await findClosedPort()}`
          return mqttTarget.create('1', '', mqttTarget.parse({ ...base, broker, topic, qos }))
        },
      })
    })
  }

  it('dials again on the next send after close', async () => {
    const topic = `silo-test/${uniqueName('redial')}`
    const target = mqttTarget.create('1', '', mqttTarget.parse({ ...base, topic, qos: 1 }))
    const event = makeEvent('s3:ObjectCreated:Put', 'b', 'o', '2024-05-01T10:00:00Z')
    await target.send(event)
    await target.close()
    await target.send(event)
    expect(await target.isOnline()).toBe(true)
    await target.close()
  })
})
