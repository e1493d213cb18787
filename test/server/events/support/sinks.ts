import { createServer, type Server } from 'node:http'
import { type ChannelModel, connect as connectAmqp } from 'amqplib'
import { Redis } from 'ioredis'
import { connectAsync as connectMqtt } from 'mqtt'
import mysql from 'mysql2/promise'
import { connect as connectNats, type NatsConnection } from 'nats'
import pg from 'pg'

/** Where a target's deliveries can be read back, with the service's own client. */
export interface Sink {
  /** What the service holds: messages in order, list entries / rows in order, or namespace entries by key. */
  read(): Promise<unknown>
  close(): Promise<void>
}

/** An HTTP endpoint recording JSON bodies; `port` may be fixed (to come back on the same one). */
export async function startWebhookSink(
  port = 0,
): Promise<Sink & { url: string; port: number; server: Server; bodies: unknown[] }> {
  const bodies: unknown[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      bodies.push(JSON.parse(body))
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${bound}/events`,
    port: bound,
    server,
    bodies,
    read: async () => bodies,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A fanout exchange with one exclusive queue bound to it, consumed into a list. */
export async function startAmqpSink(exchange: string): Promise<Sink> {
  const model: ChannelModel = await connectAmqp('amqp://guest:guest@127.0.0.1:5672')
  const channel = await model.createChannel()
  await channel.assertExchange(exchange, 'fanout', { durable: false, autoDelete: false })
  const { queue } = await channel.assertQueue('', { exclusive: true })
  await channel.bindQueue(queue, exchange, '')
  const messages: unknown[] = []
  await channel.consume(queue, (m) => m && messages.push(JSON.parse(m.content.toString())), { noAck: true })
  return {
    read: async () => messages,
    async close() {
      await channel.deleteExchange(exchange).catch(() => undefined)
      await model.close()
    },
  }
}

/** An MQTT subscription on `topic`. */
export async function startMqttSink(topic: string): Promise<Sink> {
  const client = await connectMqtt('mqtt://127.0.0.1:1883')
  const messages: unknown[] = []
  client.on('message', (_t, payload) => messages.push(JSON.parse(payload.toString())))
  await client.subscribeAsync(topic, { qos: 1 })
  return { read: async () => messages, close: () => client.endAsync() }
}

/** A NATS subscription on `subject`. */
export async function startNatsSink(subject: string): Promise<Sink> {
  const nc: NatsConnection = await connectNats({ servers: '127.0.0.1:4222' })
  const messages: unknown[] = []
  const sub = nc.subscribe(subject)
  void (async () => {
    for await (const m of sub) messages.push(JSON.parse(new TextDecoder().decode(m.data)))
  })()
  await nc.flush()
  return { read: async () => messages, close: () => nc.drain() }
}

/** A redis key: the hash as an object (namespace) or the list's parsed entries (access). */
export function redisSink(key: string, format: 'namespace' | 'access'): Sink {
  const client = new Redis({ host: '127.0.0.1', port: 6379, lazyConnect: false })
  return {
    async read() {
      if (format === 'access') return (await client.lrange(key, 0, -1)).map((v) => JSON.parse(v))
      const hash = await client.hgetall(key)
      return Object.fromEntries(Object.entries(hash).map(([k, v]) => [k, JSON.parse(v)]))
    },
    async close() {
      await client.del(key)
      client.disconnect()
    },
  }
}

/** A postgresql table of either format. */
export function postgresSink(table: string, format: 'namespace' | 'access'): Sink {
  const pool = new pg.Pool({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test', max: 1 })
  return {
    async read() {
      if (format === 'access') {
        const { rows } = await pool.query(
          `SELECT event_time, event_data FROM "${table}" ORDER BY event_time, event_data->'Records'->0->'s3'->'object'->>'sequencer'`,
        )
        return rows.map((r) => [(r.event_time as Date).toISOString(), r.event_data])
      }
      const { rows } = await pool.query(`SELECT key, value FROM "${table}"`)
      return Object.fromEntries(rows.map((r) => [r.key, r.value]))
    },
    async close() {
      await pool.query(`DROP TABLE IF EXISTS "${table}"`)
      await pool.end()
    },
  }
}

/** A mysql (MariaDB) table of either format; JSON columns come back as text on MariaDB. */
export function mysqlSink(table: string, format: 'namespace' | 'access'): Sink {
  const pool = mysql.createPool({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    database: 'test',
    connectionLimit: 1,
    timezone: 'Z',
  })
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
  return {
    async read() {
      if (format === 'access') {
        const [rows] = await pool.query(`SELECT event_time, event_data FROM \`${table}\``)
        return (rows as { event_time: Date; event_data: unknown }[]).map((r) => [
          r.event_time.toISOString(),
          json(r.event_data),
        ])
      }
      const [rows] = await pool.query(`SELECT key_name, value FROM \`${table}\``)
      return Object.fromEntries(
        (rows as { key_name: string; value: unknown }[]).map((r) => [r.key_name, json(r.value)]),
      )
    },
    async close() {
      await pool.query(`DROP TABLE IF EXISTS \`${table}\``)
      await pool.end()
    },
  }
}
