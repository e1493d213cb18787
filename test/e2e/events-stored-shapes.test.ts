/**
 * The seed's "Stored shape per target", end to end: targets configured the way a user does it
 * (AdminClient config set + service restart), objects written and removed with the SDK, and
 * each service read back with its own client. Covers the event data (the event message with
 * its Records) in every storing kind, the redis access list item, elasticsearch (through a
 * wire-level stand-in, none runs here), the older setups without `format` (redis, elasticsearch
 * on a 2.4 server), the postgresql user defaulting to the server's user without `$USER`, and
 * amqp with `immediate: true`.
 */
import { userInfo } from 'node:os'
import { Redis } from 'ioredis'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '../../src/index.js'
import { expectedMessage } from '../server/events/support/expected-message.js'
import { queryEscape } from '../server/events/support/expected-records.js'
import {
  mysqlSink,
  postgresSink,
  redisSink,
  type Sink,
  startAmqpSink,
} from '../server/events/support/sinks.js'
import { uniqueName } from '../server/events/targets/helpers/service.js'
import { type EsStandin, startEsStandin } from '../server/events/targets/standins/elasticsearch-node.js'
import { configureTargets, watchBucket } from './helpers/events.js'
import { siloRootClient } from './helpers/root-clients.js'
import { type RunningServer, startServer } from './helpers/server.js'

type Rec = { eventName: string; eventTime: string; s3: { object: { key: string; sequencer: string } } }
type Message = { Records: Rec[] } & Record<string, unknown>
/** What the sequence does: put two objects, then remove the first. */
const SEQUENCE = [
  ['s3:ObjectCreated:Put', 'a b/x.txt'],
  ['s3:ObjectCreated:Put', 'k2'],
  ['s3:ObjectRemoved:Delete', 'a b/x.txt'],
] as const

interface Case {
  name: string
  kind: string
  port?: number
  /** namespace: one entry per object left; log: every event in order. */
  style: 'namespace' | 'log'
  params(id: string): Record<string, unknown>
  /** Reads what is stored: namespace `{ '<bucket>/<object>': message }`, log the messages in order. */
  reader(id: string): Promise<Sink>
}

const U = uniqueName('shape').toLowerCase()
let es7: EsStandin
let es2: EsStandin

/** Unwraps the access entries of a kind into messages, checking the wrapping on the way. */
function unwrapLog(entries: unknown[], check: (entry: unknown, message: Message) => void): Message[] {
  return entries.map((entry) => {
    const message = (Array.isArray(entry) ? entry[1] : entry) as Message
    check(entry, message)
    return message
  })
}

const CASES: Case[] = [
  {
    name: 'redis namespace',
    kind: 'redis',
    port: 6379,
    style: 'namespace',
    params: (id) => ({ format: 'namespace', address: '127.0.0.1:6379', key: `${U}_${id}` }),
    reader: async (id) => redisSink(`${U}_${id}`, 'namespace'),
  },
  {
    name: 'redis access',
    kind: 'redis',
    port: 6379,
    style: 'log',
    params: (id) => ({ format: 'access', address: '127.0.0.1:6379', key: `${U}_${id}` }),
    reader: async (id) => {
      const sink = redisSink(`${U}_${id}`, 'access')
      return {
        // A JSON list of two items: the timestamp string and the event data object.
        read: async () =>
          unwrapLog((await sink.read()) as unknown[], (entry, message) => {
            expect(entry).toEqual([message.Records[0]!.eventTime, expect.any(Object)])
            expect(Array.isArray(message)).toBe(false)
          }),
        close: () => sink.close(),
      }
    },
  },
  {
    name: 'redis without format (older setup)',
    kind: 'redis',
    port: 6379,
    style: 'log',
    params: (id) => ({ address: '127.0.0.1:6379', key: `${U}_${id}` }),
    reader: async (id) => {
      const client = new Redis({ host: '127.0.0.1', port: 6379 })
      return {
        async read() {
          const lines = await client.lrange(`${U}_${id}`, 0, -1)
          expect(lines.every((line) => line.endsWith('}\n'))).toBe(true)
          return lines.map((line) => JSON.parse(line))
        },
        async close() {
          await client.del(`${U}_${id}`)
          client.disconnect()
        },
      }
    },
  },
  {
    name: 'postgresql namespace, user unset',
    kind: 'postgresql',
    port: 5432,
    style: 'namespace',
    // No user: the server connects as the user running it (the test runs it in-process).
    params: (id) => ({ format: 'namespace', host: '127.0.0.1', database: 'test', table: `${U}_${id}` }),
    reader: async (id) => postgresSink(`${U}_${id}`, 'namespace'),
  },
  {
    name: 'postgresql access',
    kind: 'postgresql',
    port: 5432,
    style: 'log',
    params: (id) => ({
      format: 'access',
      host: '127.0.0.1',
      user: 'postgres',
      database: 'test',
      table: `${U}_${id}`,
    }),
    reader: async (id) => sqlLog(postgresSink(`${U}_${id}`, 'access')),
  },
  ...(['namespace', 'access'] as const).map(
    (format): Case => ({
      name: `mysql ${format}`,
      kind: 'mysql',
      port: 3306,
      style: format === 'access' ? 'log' : 'namespace',
      params: (id) => ({ format, host: '127.0.0.1', user: 'root', database: 'test', table: `${U}_${id}` }),
      reader: async (id) =>
        format === 'access' ? sqlLog(mysqlSink(`${U}_${id}`, format)) : mysqlSink(`${U}_${id}`, format),
    }),
  ),
  {
    name: 'elasticsearch namespace',
    kind: 'elasticsearch',
    style: 'namespace',
    params: (id) => ({ format: 'namespace', url: es7.url, index: `${U}_${id}` }),
    reader: async (id) => ({
      read: async () => Object.fromEntries(es7.indices.get(`${U}_${id}`) ?? []),
      close: async () => void es7.indices.delete(`${U}_${id}`),
    }),
  },
  {
    name: 'elasticsearch access',
    kind: 'elasticsearch',
    style: 'log',
    params: (id) => ({ format: 'access', url: es7.url, index: `${U}_${id}` }),
    reader: async (id) => ({
      // A new document per event, the event time as its timestamp, an id naming no object.
      read: async () =>
        [...(es7.indices.get(`${U}_${id}`) ?? new Map())].map(([docId, doc]) => {
          expect(docId).toMatch(/^[0-9a-f]{64}$/)
          const { '@timestamp': timestamp, ...message } = doc as Message & { '@timestamp': string }
          expect(timestamp).toBe(message.Records[0]!.eventTime)
          return message
        }),
      close: async () => void es7.indices.delete(`${U}_${id}`),
    }),
  },
  {
    name: 'elasticsearch 2.4 without format (older setup)',
    kind: 'elasticsearch',
    style: 'namespace',
    params: (id) => ({ url: es2.url, index: `${U}_${id}` }),
    reader: async (id) => ({
      read: async () => Object.fromEntries(es2.indices.get(`${U}_${id}`) ?? []),
      close: async () => void es2.indices.delete(`${U}_${id}`),
    }),
  },
  {
    name: 'amqp with immediate: true',
    kind: 'amqp',
    port: 5672,
    style: 'log',
    params: (id) => ({
      url: 'amqp://guest:guest@127.0.0.1:5672',
      exchange: `${U}_${id}`,
      exchangeType: 'fanout',
      immediate: true,
    }),
    reader: (id) => startAmqpSink(`${U}_${id}`),
  },
]

/** SQL access rows `[event_time, event_data]` as messages, in sequencer order. */
function sqlLog(sink: Sink): Sink {
  return {
    read: async () => {
      const rows = (await sink.read()) as [string, Message][]
      const messages = unwrapLog(rows, (entry, message) => {
        expect(Date.parse((entry as [string])[0])).toBe(Date.parse(message.Records[0]!.eventTime))
      })
      const sequencer = (m: Message) => m.Records[0]!.s3.object.sequencer
      return messages.sort((a, b) => sequencer(a).localeCompare(sequencer(b)))
    },
    close: () => sink.close(),
  }
}

let server: RunningServer
let client: Client
const live = new Map<Case, { id: string; arn: string; sink: Sink }>()
const savedUser = { USER: process.env.USER, LOGNAME: process.env.LOGNAME }

beforeAll(async () => {
  // A server started by a service manager often has no $USER; the postgresql default must not need it.
  delete process.env.USER
  delete process.env.LOGNAME
  es7 = await startEsStandin('7.17.9')
  es2 = await startEsStandin('2.4.6')
  server = await startServer()
  client = siloRootClient(server)
  const arns = await configureTargets(server, {
    cases: CASES,
    idPrefix: 's',
    openSink: (c, id) => c.reader(id),
    live,
  })
  expect([...arns].sort()).toEqual([...live.values()].map((t) => t.arn).sort())
}, 60_000)

afterAll(async () => {
  Object.assign(process.env, savedUser)
  for (const [name, value] of Object.entries(savedUser)) if (value === undefined) delete process.env[name]
  await server?.stop()
  for (const { sink } of live.values()) await sink.close().catch(() => undefined)
  await es7?.close()
  await es2?.close()
})

describe.each(CASES)('$name', (c) => {
  it('stores exactly the seed shape', async (ctx) => {
    const target = live.get(c)
    if (!target) return ctx.skip()
    const bucket = `${U}-${target.id}`.replaceAll('_', '-')
    await client.makeBucket(bucket)
    await watchBucket(client, bucket, target.arn, ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'])
    await client.putObject(bucket, SEQUENCE[0][1], Buffer.from('one'))
    await client.putObject(bucket, SEQUENCE[1][1], Buffer.from('two'))
    await client.removeObject(bucket, SEQUENCE[2][1])

    /** The message the seed says this kind stores for event `i` of the sequence. */
    const expectMessage = (message: Message, i: number) => {
      const [eventName, key] = SEQUENCE[i]!
      const record = message.Records[0]!
      expect([record.eventName, record.s3.object.key]).toEqual([eventName, queryEscape(key)])
      expect(message).toEqual(
        expectedMessage(c.kind, { eventName, key: `${bucket}/${key}`, eventTime: record.eventTime, record }),
      )
    }
    if (c.style === 'namespace') {
      // 'a b/x.txt' was removed; k2 holds the event data of its PUT.
      await expect
        .poll(async () => Object.keys((await target.sink.read()) as object), { timeout: 10_000 })
        .toEqual([`${bucket}/k2`])
      expectMessage(((await target.sink.read()) as Record<string, Message>)[`${bucket}/k2`]!, 1)
      if (c.kind === 'postgresql') {
        // Configured without user, the target connected as the user running the server.
        const db = new pg.Pool({ host: '127.0.0.1', user: 'postgres', database: 'test', max: 1 })
        const sessions = await db.query('SELECT usename FROM pg_stat_activity WHERE application_name = $1', [
          target.arn,
        ])
        await db.end()
        expect(sessions.rows).toEqual([{ usename: userInfo().username }])
      }
    } else {
      await expect
        .poll(async () => ((await target.sink.read()) as unknown[]).length, { timeout: 10_000 })
        .toBe(SEQUENCE.length)
      for (const [i, message] of ((await target.sink.read()) as Message[]).entries())
        expectMessage(message, i)
    }
  })
})
