import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3, signedHeadersFor } from './helpers/signed-request.js'
import { startTestServer, type TestServer } from './helpers/test-server.js'

const logged: string[] = []
const logger = {
  info: (m: string) => logged.push(`info ${m}`),
  warn: (m: string) => logged.push(`warn ${m}`),
  error: (m: string, e?: unknown) => logged.push(`error ${m} ${String(e)}`),
}
let server: TestServer
let url: string

beforeAll(async () => {
  server = await startTestServer({ logger })
  url = server.url
  await s3(url, 'PUT', '/aborts')
})
afterAll(() => server.stop())

/** Sends the signed headers of a 1 MiB PUT and half its body, then cuts the connection. */
async function abortedPut(key: string): Promise<void> {
  // UNSIGNED-PAYLOAD: the server accepts the headers and starts storing before the body stops.
  const signed = signedHeadersFor(url, 'PUT', `/aborts/${key}`, { 'content-length': String(1024 * 1024) })
  await new Promise<void>((resolve) => {
    const req = request(`${url}/aborts/${key}`, { method: 'PUT', headers: signed })
    req.on('error', () => resolve())
    req.write(Buffer.alloc(512 * 1024, 1), () => setTimeout(() => req.destroy(), 100))
    req.on('close', () => resolve())
  })
}

describe('a client that disconnects mid-PUT', () => {
  it('stores nothing and is not logged as a server error', async () => {
    await abortedPut('half')
    // Give the server time to notice the closed socket and finish the request.
    await new Promise((r) => setTimeout(r, 300))
    expect((await s3(url, 'HEAD', '/aborts/half')).status).toBe(404)
    expect(logged.filter((l) => l.startsWith('error') || l.startsWith('warn'))).toEqual([])
    expect(logged.join('\n')).not.toMatch(/\n\s+at /)
  })

  it('the server still answers afterwards', async () => {
    expect((await s3(url, 'PUT', '/aborts/whole', { body: 'ok' })).status).toBe(200)
    expect((await s3(url, 'GET', '/aborts/whole')).text).toBe('ok')
  })
})
