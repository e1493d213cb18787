import { createServer, type Socket } from 'node:net'
import { Reader, Writer } from './wire.js'

/** One message a producer stored. */
export interface KafkaMessage {
  topic: string
  partition: number
  key: string | null
  value: string | null
  timestamp: bigint
  /** The produce request's `acks` (-1: all in-sync replicas). */
  acks: number
}

export interface KafkaStandin {
  port: number
  messages: KafkaMessage[]
  /** `<ApiName> v<version>` of every request, in order. */
  requests: string[]
  /** SASL users that authenticated. */
  authenticated: string[]
  /** Drops every open connection (a broker restart as clients see it). */
  dropConnections(): void
  close(): Promise<void>
}

const API = { Produce: 0, Metadata: 3, SaslHandshake: 17, ApiVersions: 18, SaslAuthenticate: 36 } as const
const NAMES = Object.fromEntries(Object.entries(API).map(([name, key]) => [key, name]))
// What this broker speaks: Kafka 0.10's produce path (message format v1), as the seed's
// "server version 0.9 or 0.10" says, plus SASL/PLAIN.
const SUPPORTED: [number, number, number][] = [
  [API.Produce, 0, 2],
  [API.Metadata, 0, 0],
  [API.SaslHandshake, 0, 1],
  [API.ApiVersions, 0, 2],
  [API.SaslAuthenticate, 0, 0],
]

/**
 * A single-node Kafka broker speaking the wire protocol on a loopback port, enough for
 * kafkajs's producer: ApiVersions, Metadata v0 (every topic has partition 0 led by this node),
 * Produce v0-v2 with message sets, and SaslHandshake/SaslAuthenticate for PLAIN when `sasl`
 * is given. It stores what producers send, so tests check exactly what arrived.
 */
export async function startKafkaStandin(
  options: { sasl?: { username: string; password: string } } = {},
): Promise<KafkaStandin> {
  const messages: KafkaMessage[] = []
  const requests: string[] = []
  const authenticated: string[] = []
  const sockets = new Set<Socket>()
  let port = 0

  const handlers: Record<number, (r: Reader, version: number) => Buffer | undefined> = {
    [API.ApiVersions]: (_r, version) => {
      const w = new Writer().int16(0)
      w.array(SUPPORTED, (w, [key, min, max]) => w.int16(key).int16(min).int16(max))
      if (version >= 1) w.int32(0)
      return w.build()
    },
    [API.Metadata]: (r) => {
      const topics = r.array(() => r.string()!)
      const w = new Writer().array([0], (w) => w.int32(0).string('127.0.0.1').int32(port))
      return w
        .array(topics, (w, topic) =>
          w
            .int16(0)
            .string(topic)
            .array([0], (w) =>
              w
                .int16(0)
                .int32(0)
                .int32(0)
                .array([0], (w) => w.int32(0))
                .array([0], (w) => w.int32(0)),
            ),
        )
        .build()
    },
    [API.Produce]: (r, version) => {
      const acks = r.int16()
      r.int32() // timeout
      const results = r.array(() => {
        const topic = r.string()!
        const partitions = r.array(() => {
          const partition = r.int32()
          const set = new Reader(r.bytes()!)
          const baseOffset = messages.length
          while (set.remaining > 0) {
            set.int64() // offset
            const message = new Reader(set.bytes()!)
            message.int32() // crc
            const magic = message.int8()
            message.int8() // attributes
            const timestamp = magic >= 1 ? message.int64() : 0n
            const key = message.bytes()?.toString('utf8') ?? null
            const value = message.bytes()?.toString('utf8') ?? null
            messages.push({ topic, partition, key, value, timestamp, acks })
          }
          return { partition, baseOffset }
        })
        return { topic, partitions }
      })
      const w = new Writer().array(results, (w, t) =>
        w.string(t.topic).array(t.partitions, (w, p) => {
          w.int32(p.partition).int16(0).int64(BigInt(p.baseOffset))
          if (version >= 2) w.int64(-1n)
        }),
      )
      if (version >= 1) w.int32(0)
      return acks === 0 ? undefined : w.build()
    },
    [API.SaslHandshake]: (r) => {
      const mechanism = r.string()
      return new Writer()
        .int16(mechanism === 'PLAIN' && options.sasl ? 0 : 33)
        .array(['PLAIN'], (w, m) => w.string(m))
        .build()
    },
    [API.SaslAuthenticate]: (r) => {
      const [, user, password] = r.bytes()!.toString('utf8').split('\0')
      const ok = user === options.sasl?.username && password === options.sasl?.password
      if (ok) authenticated.push(user!)
      return new Writer()
        .int16(ok ? 0 : 58)
        .string(ok ? null : 'Authentication failed: invalid credentials')
        .bytes(Buffer.alloc(0))
        .build()
    },
  }

  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    let pending = Buffer.alloc(0)
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk])
      while (pending.length >= 4 && pending.length >= 4 + pending.readInt32BE(0)) {
        const size = pending.readInt32BE(0)
        const r = new Reader(pending.subarray(4, 4 + size))
        pending = pending.subarray(4 + size)
        const apiKey = r.int16()
        const version = r.int16()
        const correlationId = r.int32()
        r.string() // client id
        requests.push(`${NAMES[apiKey] ?? apiKey} v${version}`)
        const handler = handlers[apiKey]
        if (!handler) {
          socket.destroy()
          return
        }
        const body = handler(r, version)
        // A produce request with acks=0 gets no response (Kafka protocol).
        if (body === undefined) continue
        const frame = new Writer()
          .int32(4 + body.length)
          .int32(correlationId)
          .raw(body)
          .build()
        socket.write(frame)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
  return {
    port,
    messages,
    requests,
    authenticated,
    dropConnections() {
      for (const s of sockets) s.destroy()
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
