import { createServer, type Socket } from 'node:net'
import { TLSSocket } from 'node:tls'

/** One message a producer published. */
export interface NsqMessage {
  topic: string
  body: string
  /** Whether it came over TLS. */
  tls: boolean
}

export interface NsqdStandin {
  port: number
  messages: NsqMessage[]
  /** The IDENTIFY bodies clients sent. */
  identities: Record<string, unknown>[]
  dropConnections(): void
  close(): Promise<void>
}

const FRAME_RESPONSE = 0
const FRAME_ERROR = 1

function frame(type: number, data: string): Buffer {
  const body = Buffer.from(data)
  const head = Buffer.alloc(8)
  head.writeInt32BE(4 + body.length, 0)
  head.writeInt32BE(type, 4)
  return Buffer.concat([head, body])
}

/**
 * An nsqd TCP endpoint speaking protocol V2 on a loopback port: the `  V2` magic, IDENTIFY
 * (with feature negotiation and the TLS upgrade when `tls` holds a key and certificate), PUB,
 * MPUB, NOP and CLS, answering with response and error frames. Published messages are kept so
 * tests check exactly what arrived.
 */
export async function startNsqdStandin(tls?: { key: string; cert: string }): Promise<NsqdStandin> {
  const messages: NsqMessage[] = []
  const identities: Record<string, unknown>[] = []
  const sockets = new Set<Socket>()

  function serve(raw: Socket): void {
    sockets.add(raw)
    raw.on('close', () => sockets.delete(raw))
    raw.on('error', () => undefined)
    let stream: Socket = raw
    let secure = false
    let pending = Buffer.alloc(0)
    let magic = false

    const onData = (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk])
      if (!magic) {
        if (pending.length < 4) return
        if (pending.subarray(0, 4).toString() !== '  V2') return void raw.destroy()
        magic = true
        pending = pending.subarray(4)
      }
      for (;;) {
        const eol = pending.indexOf(10)
        if (eol === -1) return
        const [command, ...args] = pending.subarray(0, eol).toString().split(' ')
        const needsBody = command === 'IDENTIFY' || command === 'PUB' || command === 'MPUB'
        let body = Buffer.alloc(0)
        if (needsBody) {
          if (pending.length < eol + 5) return
          const size = pending.readInt32BE(eol + 1)
          if (pending.length < eol + 5 + size) return
          body = pending.subarray(eol + 5, eol + 5 + size)
          pending = pending.subarray(eol + 5 + size)
        } else pending = pending.subarray(eol + 1)
        if (handle(command!, args, body) === 'upgraded') return
      }
    }

    const handle = (command: string, args: string[], body: Buffer): string | undefined => {
      const topic = args[0] ?? ''
      const validTopic = /^[.a-zA-Z0-9_-]{1,64}(#ephemeral)?$/.test(topic)
      switch (command) {
        case 'IDENTIFY': {
          const identity = JSON.parse(body.toString()) as Record<string, unknown>
          identities.push(identity)
          const upgrade = identity.tls_v1 === true && tls !== undefined
          const answer = identity.feature_negotiation
            ? JSON.stringify({
                max_rdy_count: 2500,
                version: '1.2.1',
                max_msg_timeout: 900000,
                msg_timeout: 60000,
                tls_v1: upgrade,
                deflate: false,
                snappy: false,
                auth_required: false,
              })
            : 'OK'
          stream.write(frame(FRAME_RESPONSE, answer))
          if (!upgrade) return undefined
          // The client starts TLS right after this answer; bytes after IDENTIFY are TLS records.
          raw.off('data', onData)
          const leftover = pending
          pending = Buffer.alloc(0)
          const secured = new TLSSocket(raw, { isServer: true, key: tls!.key, cert: tls!.cert })
          if (leftover.length > 0) raw.unshift(leftover)
          secured.on('error', () => undefined)
          secured.on('secure', () => {
            secure = true
            stream = secured
            secured.on('data', onData)
            secured.write(frame(FRAME_RESPONSE, 'OK'))
          })
          return 'upgraded'
        }
        case 'PUB':
          if (!validTopic)
            return void stream.write(frame(FRAME_ERROR, `E_BAD_TOPIC PUB topic name "${topic}" is not valid`))
          messages.push({ topic, body: body.toString(), tls: secure })
          return void stream.write(frame(FRAME_RESPONSE, 'OK'))
        case 'MPUB': {
          let at = 4
          for (let n = body.readInt32BE(0); n > 0; n--) {
            const size = body.readInt32BE(at)
            messages.push({ topic, body: body.subarray(at + 4, at + 4 + size).toString(), tls: secure })
            at += 4 + size
          }
          return void stream.write(frame(FRAME_RESPONSE, 'OK'))
        }
        case 'NOP':
          return undefined
        case 'CLS':
          return void stream.write(frame(FRAME_RESPONSE, 'CLOSE_WAIT'))
        default:
          stream.write(frame(FRAME_ERROR, `E_INVALID invalid command ${command}`))
          return void raw.end()
      }
    }

    raw.on('data', onData)
  }

  const server = createServer(serve)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as { port: number }).port,
    messages,
    identities,
    dropConnections() {
      for (const s of sockets) s.destroy()
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
