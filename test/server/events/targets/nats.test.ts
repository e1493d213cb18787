import { connect, type JetStreamManager, type NatsConnection } from 'nats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { natsTarget } from '../../../../src/server/events/targets/nats.js'
import { streamNameFor } from '../../../../src/server/events/targets/nats-stream.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { checkService, findClosedPort, uniqueName } from './helpers/service.js'

const PORT = 4222
const service = await checkService('nats', PORT)
const base = { enable: true, address: `127.0.0.1:${PORT}`, subject: 'silo.events' }

describe('nats parse', () => {
  it('accepts the seed parameters, streaming nested as in MinIO configurations', () => {
    const raw = {
      ...base,
      username: '',
      password: '',
      token: '',
      secure: false,
      pingInterval: 0,
      streaming: {
        enable: true,
        clusterID: 'test-cluster',
        clientID: 'c1',
        async: true,
        maxPubAcksInflight: 10,
      },
    }
    expect(natsTarget.parse(raw)).toEqual({
      enable: true,
      address: base.address,
      subject: 'silo.events',
      username: undefined,
      password: undefined,
      token: undefined,
      secure: false,
      pingInterval: 0,
      streaming: {
        enable: true,
        clusterID: 'test-cluster',
        clientID: 'c1',
        async: true,
        maxPubAcksInflight: 10,
      },
      queueLimit: 10000,
    })
    expect(streamNameFor('my.cluster/1')).toBe('my_cluster_1')
  })

  const P = 'notify.nats["1"]'
  it.each<BadConfigRow>([
    ['no address', { ...base, address: '' }, `${P}.address: is required`],
    ['no subject', { ...base, subject: undefined }, `${P}.subject: is required`],
    ['a wildcard subject', { ...base, subject: 'a.>' }, `${P}.subject: must be a subject without wildcards`],
    ['streaming not an object', { ...base, streaming: true }, `${P}.streaming: must be an object`],
    [
      'streaming without clusterID',
      { ...base, streaming: { enable: true } },
      `${P}.streaming.clusterID: is required when streaming is enabled`,
    ],
    [
      'an unknown streaming field',
      { ...base, streaming: { durable: true } },
      `${P}.streaming.durable: unknown parameter`,
    ],
    ['secure as a string', { ...base, secure: 'true' }, `${P}.secure: must be true or false`],
  ])('rejects %s', (_, raw, message) => expectConfigError(natsTarget, raw, message))
})

describe.skipIf(!service.up)(`nats target against ${service.title}`, () => {
  let nc: NatsConnection
  let jsm: JetStreamManager
  beforeAll(async () => {
    nc = await connect({ servers: base.address })
    jsm = await nc.jetstreamManager()
  })
  afterAll(() => nc?.close())

  describe('plain publish', () => {
    const subject = `silo.test.${uniqueName('plain')}`
    const received: unknown[] = []
    runTargetContract({
      style: 'message',
      async setup() {
        const sub = nc.subscribe(subject)
        ;(async () => {
          for await (const m of sub) received.push(m.json())
        })()
        await nc.flush() // the subscription is registered before the target publishes
        return {
          target: natsTarget.create('1', '', natsTarget.parse({ ...base, subject })),
          read: async () => received,
          cleanup: async () => sub.unsubscribe(),
        }
      },
      async createUnreachable() {
        const address = `127.0.0.1:${await findClosedPort()}`
        return natsTarget.create('1', '', natsTarget.parse({ ...base, address, subject }))
      },
    })
  })

  describe('streaming, mapped onto JetStream', () => {
    const subject = `silo.test.${uniqueName('js')}`
    const clusterID = uniqueName('silo-test-cluster')
    const streaming = { enable: true, clusterID }
    runTargetContract({
      style: 'message',
      async setup() {
        return {
          target: natsTarget.create('1', '', natsTarget.parse({ ...base, subject, streaming })),
          async checkPrepared() {
            const info = await jsm.streams.info(streamNameFor(clusterID))
            expect(info.config.subjects).toEqual([subject])
          },
          async read() {
            // What the stream stored, in order, not merely what a live subscriber saw.
            const { state } = await jsm.streams.info(streamNameFor(clusterID))
            const stored: unknown[] = []
            for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
              stored.push((await jsm.streams.getMessage(streamNameFor(clusterID), { seq })).json())
            }
            return stored
          },
          cleanup: async () => void (await jsm.streams.delete(streamNameFor(clusterID))),
        }
      },
      async createUnreachable() {
        const address = `127.0.0.1:${await findClosedPort()}`
        return natsTarget.create('1', '', natsTarget.parse({ ...base, address, subject, streaming }))
      },
    })
  })

  it('publishes into an existing stream that captures the subject, and dedupes a retried event', async () => {
    const name = uniqueName('silo-test-existing')
    const subject = `silo.test.${name}`
    await jsm.streams.add({ name, subjects: [`${subject}.>`, subject] })
    const target = natsTarget.create(
      '1',
      '',
      natsTarget.parse({ ...base, subject, streaming: { enable: true, clusterID: 'unused' } }),
    )
    try {
      const event = makeEvent('s3:ObjectCreated:Put', 'b', 'o', '2024-05-01T10:00:00Z')
      await target.send(event)
      await target.send(event) // as the sender would after a lost ack
      expect((await jsm.streams.info(name)).state.messages).toBe(1)
      await expect(jsm.streams.info(streamNameFor('unused'))).rejects.toThrow(/stream not found/)
    } finally {
      await target.close()
      await jsm.streams.delete(name)
    }
  })

  it('refuses to open when the clusterID stream exists but does not capture the subject', async () => {
    const clusterID = uniqueName('silo-test-other')
    await jsm.streams.add({ name: clusterID, subjects: [`other.${clusterID}`] })
    const subject = `silo.test.${clusterID}`
    const target = natsTarget.create(
      '1',
      '',
      natsTarget.parse({ ...base, subject, streaming: { enable: true, clusterID } }),
    )
    try {
      await expect(target.open()).rejects.toThrow(
        `open failed: stream '${clusterID}' exists but does not capture subject '${subject}'; add the subject to it or set another streaming.clusterID`,
      )
    } finally {
      await target.close()
      await jsm.streams.delete(clusterID)
    }
  })
})
