import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nsqTarget } from '../../../../src/server/events/targets/nsq.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent, sendUntilDelivered } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { findClosedPort } from './helpers/service.js'
import { type NsqdStandin, startNsqdStandin } from './standins/nsqd.js'
import { makeSelfSignedCert } from './standins/self-signed.js'

const P = 'notify.nsq["1"]'

describe('nsq parse', () => {
  it.each<BadConfigRow>([
    ['no address', { enable: true, topic: 't' }, `${P}.nsqdAddress: is required`],
    [
      'an address without port',
      { enable: true, nsqdAddress: 'h', topic: 't' },
      `${P}.nsqdAddress: must be <host>:<port>`,
    ],
    ['no topic', { enable: true, nsqdAddress: 'h:4150' }, `${P}.topic: is required`],
    [
      'a topic with a slash',
      { enable: true, nsqdAddress: 'h:4150', topic: 'a/b' },
      `${P}.topic: must be 1-64 letters, digits, ., _ or - (optionally ending in #ephemeral)`,
    ],
    [
      'tls not an object',
      { enable: true, nsqdAddress: 'h:4150', topic: 't', tls: true },
      `${P}.tls: must be an object`,
    ],
  ])('rejects %s', (_, raw, message) => expectConfigError(nsqTarget, raw, message))
})

describe('nsq target against an nsqd V2 stand-in (nsqjs)', () => {
  let nsqd: NsqdStandin
  beforeAll(async () => {
    nsqd = await startNsqdStandin()
  })
  afterAll(() => nsqd.close())
  const create = (topic: string, port = nsqd.port) =>
    nsqTarget.create('1', '', nsqTarget.parse({ enable: true, nsqdAddress: `127.0.0.1:${port}`, topic }))

  runTargetContract({
    style: 'message',
    async setup() {
      const topic = `events_${Date.now()}`
      return {
        target: create(topic),
        read: async () => nsqd.messages.filter((m) => m.topic === topic).map((m) => JSON.parse(m.body)),
        cleanup: async () => undefined,
      }
    },
    createUnreachable: async () => create('t', await findClosedPort()),
  })

  it('identifies itself with the target ARN and negotiates no compression', async () => {
    const target = create(`id_${Date.now()}`)
    try {
      await target.open()
      expect(nsqd.identities.at(-1)).toMatchObject({
        client_id: 'arn:silo:sqs::1:nsq',
        feature_negotiation: true,
        tls_v1: false,
        snappy: false,
        deflate: false,
      })
    } finally {
      await target.close()
    }
  })

  it('sends again after nsqd dropped the connection', async () => {
    const topic = `drop_${Date.now()}`
    const target = create(topic)
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'one', '2024-05-01T10:00:00.000Z'))
      nsqd.dropConnections()
      await sendUntilDelivered(
        target,
        makeEvent('s3:ObjectCreated:Put', 'b', 'two', '2024-05-01T10:00:01.000Z'),
      )
      expect(nsqd.messages.filter((m) => m.topic === topic).map((m) => JSON.parse(m.body).Key)).toEqual([
        'b/one',
        'b/two',
      ])
    } finally {
      await target.close()
    }
  })
})

const cert = makeSelfSignedCert()
describe.skipIf(!cert)(cert ? 'nsq target over TLS' : 'skipped: no openssl CLI to make a certificate', () => {
  it('upgrades to TLS after IDENTIFY (tls.enable, tls.skipVerify for a self-signed nsqd)', async () => {
    const nsqd = await startNsqdStandin(cert)
    const config = (skipVerify: boolean) =>
      nsqTarget.parse({
        enable: true,
        nsqdAddress: `127.0.0.1:${nsqd.port}`,
        topic: 'secure',
        tls: { enable: true, skipVerify },
      })
    const trusting = nsqTarget.create('1', '', config(true))
    const verifying = nsqTarget.create('2', '', config(false))
    try {
      await trusting.send(makeEvent('s3:ObjectCreated:Put', 'b', 'k', '2024-05-01T10:00:00.000Z'))
      expect(nsqd.messages).toMatchObject([{ topic: 'secure', tls: true }])
      expect(JSON.parse(nsqd.messages[0]!.body)).toMatchObject({
        EventName: 's3:ObjectCreated:Put',
        Key: 'b/k',
      })
      await expect(verifying.open()).rejects.toThrow(
        /arn:silo:sqs::2:nsq: open failed: .*(self[- ]signed|certificate)/i,
      )
    } finally {
      await trusting.close()
      await verifying.close()
      await nsqd.close()
    }
  })
})
