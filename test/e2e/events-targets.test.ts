/**
 * Bucket events end to end, against the real services on this machine (SERVICES.md): the
 * targets come from the server configuration (AdminClient config set + service restart), each
 * bucket's rules are set with the SDK, objects go through the server, and each service's own
 * client reads back exactly what arrived, in the seed's stored shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, ObjectCreatedAll, ObjectRemovedAll } from '../../src/index.js'
import { expectedMessage } from '../server/events/support/expected-message.js'
import {
  type ExpectedEvent,
  expectInSequencerOrder,
  expectRecord,
} from '../server/events/support/expected-records.js'
import {
  mysqlSink,
  postgresSink,
  redisSink,
  type Sink,
  startAmqpSink,
  startMqttSink,
  startNatsSink,
  startWebhookSink,
} from '../server/events/support/sinks.js'
import { uniqueName } from '../server/events/targets/helpers/service.js'
import { configureTargets, watchBucket } from './helpers/events.js'
import { siloRootClient } from './helpers/root-clients.js'
import { ROOT_USER, type RunningServer, startServer } from './helpers/server.js'

type Shape = 'message' | 'namespace' | 'access-redis' | 'access-sql'
interface Case {
  name: string
  kind: string
  port?: number
  shape: Shape
  params(id: string): Record<string, unknown>
  sink(id: string): Sink | Promise<Sink>
}

const U = uniqueName('ev').toLowerCase()
const CASES: Case[] = [
  {
    name: 'webhook',
    kind: 'webhook',
    shape: 'message',
    params: () => ({ endpoint: webhookUrl }),
    sink: () => webhook,
  },
  {
    name: 'amqp',
    kind: 'amqp',
    port: 5672,
    shape: 'message',
    params: () => ({
      url: 'amqp://guest:guest@127.0.0.1:5672',
      exchange: `${U}_x`,
      exchangeType: 'fanout',
      deliveryMode: 2,
    }),
    sink: () => startAmqpSink(`${U}_x`),
  },
  {
    name: 'mqtt',
    kind: 'mqtt',
    port: 1883,
    shape: 'message',
    params: () => ({ broker: 'tcp://127.0.0.1:1883', topic: `${U}/events`, qos: 1 }),
    sink: () => startMqttSink(`${U}/events`),
  },
  {
    name: 'nats',
    kind: 'nats',
    port: 4222,
    shape: 'message',
    params: () => ({ address: '127.0.0.1:4222', subject: `${U}.events` }),
    sink: () => startNatsSink(`${U}.events`),
  },
  ...(['namespace', 'access'] as const).flatMap((format): Case[] => [
    {
      name: `redis ${format}`,
      kind: 'redis',
      port: 6379,
      shape: format === 'access' ? 'access-redis' : 'namespace',
      params: (id) => ({ format, address: '127.0.0.1:6379', key: `${U}_${id}` }),
      sink: (id) => redisSink(`${U}_${id}`, format),
    },
    {
      name: `postgresql ${format}`,
      kind: 'postgresql',
      port: 5432,
      shape: format === 'access' ? 'access-sql' : 'namespace',
      params: (id) => ({
        format,
        host: '127.0.0.1',
        port: '5432',
        user: 'postgres',
        database: 'test',
        table: `${U}_${id}`,
      }),
      sink: (id) => postgresSink(`${U}_${id}`, format),
    },
    {
      name: `mysql ${format}`,
      kind: 'mysql',
      port: 3306,
      shape: format === 'access' ? 'access-sql' : 'namespace',
      params: (id) => ({
        format,
        host: '127.0.0.1',
        port: '3306',
        user: 'root',
        database: 'test',
        table: `${U}_${id}`,
      }),
      sink: (id) => mysqlSink(`${U}_${id}`, format),
    },
  ]),
]

let webhook: Awaited<ReturnType<typeof startWebhookSink>>
let webhookUrl = ''
let server: RunningServer
let client: Client
const live = new Map<Case, { id: string; arn: string; sink: Sink }>()

beforeAll(async () => {
  webhook = await startWebhookSink()
  webhookUrl = webhook.url
  server = await startServer()
  client = siloRootClient(server)
  await configureTargets(server, { cases: CASES, idPrefix: 't', openSink: (c, id) => c.sink(id), live })
}, 60_000)

afterAll(async () => {
  await server?.stop()
  for (const { sink } of live.values()) await sink.close().catch(() => undefined)
  await webhook?.close()
})

/** PUT, PUT, GET, HEAD, DELETE through the SDK; returns the events they must produce. */
async function runSequence(bucket: string): Promise<ExpectedEvent[]> {
  const k1 = await client.putObject(bucket, 'k1', Buffer.from('hello'), 5, {
    'Content-Type': 'text/plain',
    'X-Amz-Meta-Color': 'red',
  })
  const k2 = await client.putObject(bucket, 'dir/k 2', Buffer.from('world!!'), 7, {
    'Content-Type': 'application/json',
  })
  for await (const _ of await client.getObject(bucket, 'dir/k 2')) void _
  await client.statObject(bucket, 'k1')
  await client.removeObject(bucket, 'k1')
  const one = {
    size: 5,
    eTag: k1.etag,
    contentType: 'text/plain',
    userMetadata: { 'x-amz-meta-color': 'red' },
  }
  const two = { size: 7, eTag: k2.etag, contentType: 'application/json' }
  return [
    { eventName: 's3:ObjectCreated:Put', bucket, key: 'k1', object: one },
    { eventName: 's3:ObjectCreated:Put', bucket, key: 'dir/k 2', object: two },
    { eventName: 's3:ObjectAccessed:Get', bucket, key: 'dir/k 2', object: two },
    { eventName: 's3:ObjectAccessed:Head', bucket, key: 'k1', object: one },
    { eventName: 's3:ObjectRemoved:Delete', bucket, key: 'k1' },
  ]
}

type Rec = {
  eventName: string
  eventTime: string
  s3: { bucket: { name: string }; object: { sequencer: string } }
}

describe.each(CASES)('events to $name', (c) => {
  it('delivers exactly the expected entries, in the seed shape', async (ctx) => {
    const target = live.get(c)
    if (!target) return ctx.skip()
    const bucket = `${U}-${target.id}`.replaceAll('_', '-')
    await client.makeBucket(bucket)
    await watchBucket(client, bucket, target.arn, [ObjectCreatedAll, 's3:ObjectAccessed:*', ObjectRemovedAll])
    expect((await client.getBucketNotification(bucket)).QueueConfiguration?.[0]?.Queue).toBe(target.arn)

    const expected = await runSequence(bucket)
    const check = (record: unknown, i: number) => expectRecord(record, expected[i]!, ROOT_USER, server.url)
    if (c.shape === 'message') {
      const mine = async () =>
        ((await target.sink.read()) as { Records: Rec[] }[]).filter(
          (m) => m.Records[0]?.s3.bucket.name === bucket,
        )
      await expect.poll(async () => (await mine()).length, { timeout: 10_000 }).toBe(expected.length)
      const messages = await mine()
      // The seed's message: Records, level, msg, time (+ EventType/EventName and Key on some kinds).
      expect(messages).toEqual(
        expected.map((e, i) =>
          expectedMessage(c.kind, {
            eventName: e.eventName,
            key: `${bucket}/${e.key}`,
            eventTime: messages[i]!.Records[0]!.eventTime,
            record: messages[i]!.Records[0],
          }),
        ),
      )
      for (const [i, m] of messages.entries()) check(m.Records[0], i)
      expectInSequencerOrder(messages.map((m) => m.Records[0]!))
    } else if (c.shape === 'namespace') {
      // k1 was removed; dir/k 2 holds its last event, the GET.
      await expect
        .poll(async () => Object.keys((await target.sink.read()) as object), { timeout: 10_000 })
        .toEqual([`${bucket}/dir/k 2`])
      await expect
        .poll(
          async () =>
            ((await target.sink.read()) as Record<string, { Records: Rec[] }>)[`${bucket}/dir/k 2`]
              ?.Records[0]?.eventName,
          { timeout: 10_000 },
        )
        .toBe('s3:ObjectAccessed:Get')
      const stored = ((await target.sink.read()) as Record<string, { Records: Rec[] }>)[`${bucket}/dir/k 2`]!
      expect(stored.Records).toHaveLength(1)
      check(stored.Records[0], 2)
    } else {
      await expect
        .poll(async () => ((await target.sink.read()) as unknown[]).length, { timeout: 10_000 })
        .toBe(expected.length)
      const rows = (await target.sink.read()) as [string, Rec[] | { Records: Rec[] }][]
      const records = rows.map(([, data]) => (Array.isArray(data) ? data : data.Records))
      expect(records.map((r) => r.length)).toEqual(expected.map(() => 1))
      for (const [i, r] of records.entries()) check(r[0], i)
      // The first item is the event time: the record's own (redis), or the column (sql, UTC ms).
      expect(rows.map(([time]) => Date.parse(time))).toEqual(records.map((r) => Date.parse(r[0]!.eventTime)))
      expectInSequencerOrder(records.map((r) => r[0]!))
    }
  })
})
