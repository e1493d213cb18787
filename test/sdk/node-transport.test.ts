/**
 * The Node sender against a real node:http server (no msw): raw request targets, keep-alive,
 * the transport / transportAgent options, streaming bodies, aborts and connection errors.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Client, NetworkError, TimeoutError } from '../../src/index.js'
import { resolveClientOptions } from '../../src/sdk/client-options.js'
import { platform } from '../../src/sdk/platform/node.js'
import { Transport } from '../../src/sdk/transport/transport.js'
import { recomputeSignature } from './support/verify-sigv4.js'

interface Received {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  rawHeaders: string[]
  body: Buffer
  socket: unknown
}

const received: Received[] = []
let port = 0
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    received.push({
      method: req.method!,
      url: req.url!,
      headers: req.headers,
      rawHeaders: req.rawHeaders,
      body: Buffer.concat(chunks),
      socket: req.socket,
    })
    if (req.url === '/slow/never') return // never answers
    if (req.url === '/photos/repeated') {
      // Repeats: node keeps the first ETag and joins the others.
      res.setHeader('etag', ['"one"', '"two"'])
      res.setHeader('x-amz-meta-a', ['1', '2'])
      res.setHeader('X-Amz-Version-Id', 'v1')
      return res.end()
    }
    res.writeHead(200, { etag: '"etag"' })
    res.end()
  })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const options = () => ({
  endPoint: '127.0.0.1',
  port,
  useSSL: false,
  accessKey: 'AK',
  secretKey: 'SECRET',
  region: 'us-east-1',
})

describe('Node transport', () => {
  it('sends requests whose raw target and headers verify with an independent SigV4', async () => {
    received.length = 0
    await new Client(options()).putObject('photos', 'dir/ü (1).txt', 'hello', undefined, {
      'Content-Type': 'text/plain',
    })
    const request = received[0]!
    expect(request.url).toBe('/photos/dir/%C3%BC%20%281%29.txt')
    const header = (name: string) => {
      const value = request.headers[name]
      return value === undefined ? null : String(value)
    }
    const { expected, actual } = recomputeSignature(
      { method: request.method, target: request.url, header },
      'SECRET',
    )
    expect(actual).toBe(expected)
    expect(request.body.toString()).toBe('hello')
    expect(header('user-agent')).toMatch(/^silo-js\//)
  })

  it('reuses one keep-alive connection for sequential requests', async () => {
    received.length = 0
    const client = new Client(options())
    for (let i = 0; i < 10; i++) await client.putObject('photos', `k${i}`, 'x')
    expect(new Set(received.map((r) => r.socket)).size).toBe(1)
  })

  it('reads single and repeated response headers as the header object holds them', async () => {
    const transport = new Transport(resolveClientOptions(options()), platform)
    const res = await transport.request({ method: 'GET', bucket: 'photos', key: 'repeated' })
    const names = ['etag', 'x-amz-meta-a', 'x-amz-version-id', 'connection', 'absent']
    const read = names.map((name) => res.header(name))
    await res.discard()
    expect(read).toEqual(['"one"', '1, 2', 'v1', 'keep-alive', undefined])
    expect(read).toEqual(
      names.map((name) => {
        const value = res.headers[name]
        return Array.isArray(value) ? value.join(', ') : value
      }),
    )
  })

  it('tells node agents that plain HTTP needs no TLS server name; other agents work it out', async () => {
    // addRequest is node's, missing from its type declarations.
    const proto = http.Agent.prototype as unknown as { addRequest: (req: unknown, options: unknown) => void }
    const addRequest = vi.spyOn(proto, 'addRequest')
    try {
      await new Client({ ...options(), transportAgent: new http.Agent({ keepAlive: true }) }).bucketExists(
        'photos',
      )
      class OwnAgent extends http.Agent {}
      await new Client({ ...options(), transportAgent: new OwnAgent() }).bucketExists('photos')
      const names = addRequest.mock.calls.map((call) => (call[1] as { servername?: string }).servername)
      expect(names).toEqual(['', undefined])
    } finally {
      addRequest.mockRestore()
    }
  })

  it('honours transportAgent', async () => {
    const agent = new http.Agent({ keepAlive: false })
    const spy = vi.spyOn(agent, 'createConnection')
    await new Client({ ...options(), transportAgent: agent }).putObject('photos', 'a', 'x')
    expect(spy).toHaveBeenCalledTimes(1)
    agent.destroy()
  })

  it('honours a custom transport', async () => {
    const request = vi.fn(http.request)
    await new Client({ ...options(), transport: { request } }).putObject('photos', 'a', 'x')
    expect(request).toHaveBeenCalledTimes(1)
    expect(request.mock.calls[0]![0]).toMatchObject({ method: 'PUT', path: '/photos/a', port })
  })

  it('hands a custom transport the headers as an object', async () => {
    const request = vi.fn(http.request)
    await new Client({ ...options(), transport: { request } }).putObject('photos', 'a', 'x')
    const headers = (request.mock.calls[0]![0] as http.RequestOptions).headers as Record<string, string>
    expect(Array.isArray(headers)).toBe(false)
    expect(headers['authorization']).toMatch(/^AWS4-HMAC-SHA256 Credential=AK\//)
  })

  // Proxy agents (http-proxy-agent) re-render the request head from the headers set one by one:
  // an agent of another class must find every header on the request, as with setHeader.
  it('lets an agent of its own class read and change the headers', async () => {
    class HeaderAgent extends http.Agent {
      seen: unknown
      addRequest(req: http.ClientRequest, opts: object): void {
        this.seen = req.getHeader('authorization')
        ;(http.Agent.prototype as unknown as { addRequest(r: unknown, o: unknown): void }).addRequest.call(
          this,
          req,
          opts,
        )
      }
    }
    const agent = new HeaderAgent({ keepAlive: false })
    await new Client({ ...options(), transportAgent: agent }).putObject('photos', 'a', 'x')
    expect(agent.seen).toMatch(/^AWS4-HMAC-SHA256 /)
    agent.destroy()
  })

  it('sends the same header names in the same order through node agents and others', async () => {
    received.length = 0
    const other = new (class extends http.Agent {})({ keepAlive: false })
    await new Client(options()).putObject('photos', 'a', 'x', undefined, { 'Content-Type': 'text/plain' })
    await new Client({ ...options(), transportAgent: other }).putObject('photos', 'a', 'x', undefined, {
      'Content-Type': 'text/plain',
    })
    const names = (r: Received) => r.rawHeaders.filter((_, i) => i % 2 === 0)
    expect(names(received[0]!)).toEqual(names(received[1]!))
    expect(names(received[0]!)).toContain('authorization')
    other.destroy()
  })

  it('streams a known-size body with Content-Length, not chunked', async () => {
    received.length = 0
    const chunks = Array.from({ length: 64 }, (_, i) => Buffer.alloc(16 * 1024, i))
    await new Client(options()).putObject('photos', 'big', Readable.from(chunks), 64 * 16 * 1024)
    const request = received[0]!
    expect(request.headers['content-length']).toBe(String(64 * 16 * 1024))
    expect(request.headers['transfer-encoding']).toBeUndefined()
    expect(request.body.equals(Buffer.concat(chunks))).toBe(true)
  })

  it('rejects with TimeoutError when the request signal times out', async () => {
    const transport = new Transport(resolveClientOptions(options()), platform)
    const started = Date.now()
    await expect(
      transport.request({ method: 'GET', bucket: 'slow', key: 'never', signal: AbortSignal.timeout(100) }),
    ).rejects.toBeInstanceOf(TimeoutError)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('rejects with NetworkError when nothing listens', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const deadPort = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await new Client({ ...options(), port: deadPort }).listBuckets().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toContain('ECONNREFUSED')
  })
})
