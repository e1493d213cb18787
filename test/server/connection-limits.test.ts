/**
 * Issue 12, defect 3: with no timeouts, sockets that sent half a request held the server's
 * descriptors forever. Every limit here is small (300 ms, 16 connections) so the tests are
 * quick; loops are bounded by counts.
 */
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_CONNECTION_LIMITS,
  resolveConnectionLimits,
} from '../../src/server/connections/connection-limits.js'
import { s3, signedHeadersFor, xmlField } from './helpers/signed-request.js'
import { startTestServer, type TestServer } from './helpers/test-server.js'

const TIMEOUT = 300
// Longer than the headers timeout, as by default, so a half-sent request gets its 408 first.
const IDLE_TIMEOUT = 2 * TIMEOUT
const MAX_CONNECTIONS = 16
const Bucket = 'limits'
const logged: string[] = []
let server: TestServer
let url: string
let port: number

beforeAll(async () => {
  server = await startTestServer({
    logger: {
      info: () => {},
      warn: (m) => logged.push(`warn ${m}`),
      error: (m, e) => logged.push(`error ${m} ${String(e)}`),
    },
    headersTimeoutMs: TIMEOUT,
    bodyTimeoutMs: TIMEOUT,
    idleTimeoutMs: IDLE_TIMEOUT,
    keepAliveTimeoutMs: TIMEOUT,
    maxConnections: MAX_CONNECTIONS,
  })
  ;({ url, port } = server)
  await s3(url, 'PUT', `/${Bucket}`)
})
afterAll(() => server.stop())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A raw connection that records what the server sent and when it closed. */
interface RawConnection {
  socket: Socket
  received: () => string
  closed: Promise<void>
}

async function openRaw(payload: string): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1')
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    received += chunk
  })
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  if (payload) socket.write(payload)
  return { socket, received: () => received, closed }
}

/** A request retried (at most `attempts` times) while the server refuses the connection. */
async function persistentGet(path: string, attempts = 60): Promise<number> {
  for (let i = 0; i < attempts; i++) {
    try {
      return (await s3(url, 'GET', path)).status
    } catch {
      await sleep(50)
    }
  }
  return 0
}

describe('half-sent requests (slowloris)', () => {
  it('a socket that sends half its headers gets 408 and is closed', async () => {
    const half = await openRaw(`GET /${Bucket}/x HTTP/1.1\r\nHost: 127.0.0.1\r\n`)
    const silent = await openRaw('')
    await Promise.all([half.closed, silent.closed])
    expect(half.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('connections past the cap are closed at once, and real requests are served once the half-sent ones time out', async () => {
    await s3(url, 'PUT', `/${Bucket}/kept`, { body: 'served' })
    const attackers = await Promise.all(
      Array.from({ length: 3 * MAX_CONNECTIONS }, () => openRaw(`PUT /${Bucket}/x HTTP/1.1\r\n`)),
    )
    // Past the cap a connection is closed without a byte: its descriptor is not held.
    await Promise.all(attackers.map((a) => a.closed))
    const answered = attackers.filter((a) => a.received().startsWith('HTTP/1.1 408'))
    expect(answered.length).toBeLessThanOrEqual(MAX_CONNECTIONS)
    expect(answered.length).toBeGreaterThan(0)
    expect(attackers.length - answered.length).toBeGreaterThanOrEqual(2 * MAX_CONNECTIONS)
    expect(logged.join('\n')).toContain('refusing connections: 16 are open')
    const statuses = await Promise.all(Array.from({ length: 20 }, () => persistentGet(`/${Bucket}/kept`)))
    expect(statuses).toEqual(Array(20).fill(200))
  })

  it('many half-sent requests at once never stop real requests from being served', async () => {
    const attackers = await Promise.all(
      Array.from({ length: 2 * MAX_CONNECTIONS }, () => openRaw(`GET /${Bucket}/kept HTTP/1.1\r\n`)),
    )
    const statuses = await Promise.all(Array.from({ length: 10 }, () => persistentGet(`/${Bucket}/kept`)))
    expect(statuses).toEqual(Array(10).fill(200))
    await Promise.all(attackers.map((a) => a.closed))
  })
})

describe('bodies', () => {
  it('a slow upload that keeps sending succeeds (a chunk every 100 ms for 1.5 s, body timeout 300 ms)', async () => {
    const chunks = Array.from({ length: 15 }, (_, i) => Buffer.alloc(1000, 97 + i))
    const total = Buffer.concat(chunks)
    const headers = signedHeadersFor(url, 'PUT', `/${Bucket}/slow`, {
      'content-length': String(total.length),
    })
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${url}/${Bucket}/slow`, { method: 'PUT', headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
      let sent = 0
      const next = () => {
        req.write(chunks[sent++])
        if (sent < chunks.length) setTimeout(next, 100)
        else req.end()
      }
      next()
    })
    expect(status).toBe(200)
    expect((await s3(url, 'GET', `/${Bucket}/slow`)).body.equals(total)).toBe(true)
  })

  it('a body that stops arriving gets 400 RequestTimeout, the connection closes, nothing is stored', async () => {
    const headers = signedHeadersFor(url, 'PUT', `/${Bucket}/stalled`, {
      'content-length': String(1024 * 1024),
    })
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')
    const stalled = await openRaw(`PUT /${Bucket}/stalled HTTP/1.1\r\n${head}\r\n${'x'.repeat(64 * 1024)}`)
    await stalled.closed
    const answer = stalled.received()
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toMatch(/connection: close/i)
    expect(xmlField(answer, 'Code')).toBe('RequestTimeout')
    expect(xmlField(answer, 'Message')).toMatch(
      /^Your socket connection to the server was not read from or written to within the timeout period/,
    )
    expect((await s3(url, 'HEAD', `/${Bucket}/stalled`)).status).toBe(404)
    expect(logged.filter((l) => l.startsWith('error'))).toEqual([])
  })

  it('a stalled XML body (DeleteObjects) gets the same answer', async () => {
    const headers = signedHeadersFor(url, 'POST', `/${Bucket}?delete=`, { 'content-length': '1000' })
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')
    const stalled = await openRaw(`POST /${Bucket}?delete= HTTP/1.1\r\n${head}\r\n<Delete><Object>`)
    await stalled.closed
    expect(xmlField(stalled.received(), 'Code')).toBe('RequestTimeout')
  })
})

describe('stalled POST forms', () => {
  // An anonymous form to a bucket whose policy lets anyone upload under public/: the form's
  // body is read by busboy, which now reads it through the same slow-body timer.
  beforeAll(async () => {
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: '*',
          Action: 's3:PutObject',
          Resource: `arn:aws:s3:::${Bucket}/public/*`,
        },
      ],
    }
    expect((await s3(url, 'PUT', `/${Bucket}?policy`, { body: JSON.stringify(policy) })).status).toBe(204)
  })

  const boundary = 'silo-stall'
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const postHead = (length: number) =>
    `POST /${Bucket} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${length}\r\n\r\n`

  for (const [where, sent] of [
    [
      'in its fields',
      `${part('key', 'public/stalled-form')}--${boundary}\r\nContent-Disposition: form-data; name="acl"`,
    ],
    [
      'in its file',
      `${part('key', 'public/stalled-form')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'y'.repeat(32 * 1024)}`,
    ],
  ] as const) {
    it(`a form that stops arriving ${where} gets 400 RequestTimeout, and nothing is stored`, async () => {
      const stalled = await openRaw(postHead(1024 * 1024) + sent)
      await stalled.closed
      const answer = stalled.received()
      expect(answer).toMatch(/^HTTP\/1\.1 400 /)
      expect(xmlField(answer, 'Code')).toBe('RequestTimeout')
      expect((await s3(url, 'HEAD', `/${Bucket}/public/stalled-form`)).status).toBe(404)
      expect(logged.filter((l) => l.startsWith('error'))).toEqual([])
    })
  }

  it('a whole form through the same path still stores its file', async () => {
    const body = `${part('key', 'public/whole-form')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`
    const conn = await openRaw(
      `${postHead(Buffer.byteLength(body)).replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nconnection: close\r\n')}${body}`,
    )
    await conn.closed
    expect(conn.received()).toMatch(/^HTTP\/1\.1 204 /)
    expect((await s3(url, 'GET', `/${Bucket}/public/whole-form`)).text).toBe('hello')
  })
})

describe('idle connections', () => {
  it('a kept-alive connection waiting for its next request is closed after the keep-alive timeout', async () => {
    const raw = await openRaw(`GET /${Bucket}/kept HTTP/1.1\r\n${headerLines('GET', `/${Bucket}/kept`)}\r\n`)
    await raw.closed
    expect(raw.received()).toMatch(/^HTTP\/1\.1 200 [\s\S]*served$/)
  })

  it('a client that stops reading a response is cut off', async () => {
    const size = 32 * 1024 * 1024
    expect((await s3(url, 'PUT', `/${Bucket}/large`, { body: Buffer.alloc(size, 1) })).status).toBe(200)
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write(`GET /${Bucket}/large HTTP/1.1\r\n${headerLines('GET', `/${Bucket}/large`)}\r\n`)
    socket.pause()
    // Far past the idle timeout, then read what the server managed to send before it gave up.
    await sleep(10 * TIMEOUT)
    let received = 0
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
    })
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.resume()
    await closed
    expect(received).toBeLessThan(size)
  })

  it('a listen stream waiting for events outlives the idle timeout and still delivers', async () => {
    const path = `/${Bucket}?events=s3:ObjectCreated:*`
    const events: string[] = []
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = request(`${url}${path}`, { headers: signedHeadersFor(url, 'GET', path) }, resolve)
      req.on('error', reject)
      req.end()
    })
    expect(res.statusCode).toBe(200)
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => events.push(chunk))
    await sleep(5 * TIMEOUT)
    expect((await s3(url, 'PUT', `/${Bucket}/announced`, { body: 'x' })).status).toBe(200)
    for (let i = 0; i < 100 && !events.join('').includes('announced'); i++) await sleep(20)
    expect(events.join('')).toContain('"key":"announced"')
    res.destroy()
  })
})

function headerLines(method: string, path: string): string {
  return Object.entries(signedHeadersFor(url, method, path))
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')
}

describe('resolveConnectionLimits', () => {
  it('takes options, then SILO_* variables, then the defaults', () => {
    const env = { SILO_HEADERS_TIMEOUT_MS: '5000', SILO_MAX_CONNECTIONS: '100', SILO_BODY_TIMEOUT_MS: '0' }
    expect(resolveConnectionLimits({ headersTimeoutMs: 1000 }, env)).toEqual({
      headersTimeoutMs: 1000,
      bodyTimeoutMs: 0,
      idleTimeoutMs: DEFAULT_CONNECTION_LIMITS.idleTimeoutMs,
      keepAliveTimeoutMs: DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs,
      maxConnections: 100,
    })
    expect(resolveConnectionLimits({}, {}).maxConnections).toBeGreaterThanOrEqual(16)
  })

  it.each([
    [{ idleTimeoutMs: -1 }, {}, /idleTimeoutMs -1 must be a whole number >= 0/],
    [{ maxConnections: 1.5 }, {}, /maxConnections 1.5 must be/],
    [{}, { SILO_KEEP_ALIVE_TIMEOUT_MS: '65s' }, /SILO_KEEP_ALIVE_TIMEOUT_MS=65s must be a whole number/],
  ])('refuses %j %j', (options, env, message) => {
    expect(() => resolveConnectionLimits(options, env)).toThrow(message)
  })
})
