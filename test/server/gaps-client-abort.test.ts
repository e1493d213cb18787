import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { createServer, type SiloServer } from '../../src/server/index.js'
import { formatAmzDate, signRequest, UNSIGNED_PAYLOAD } from '../../src/shared/sigv4/index.js'
import { s3 } from './helpers/signed-request.js'
import { ROOT } from './helpers/test-server.js'

const logged: string[] = []
const logger = {
  info: (m: string) => logged.push(`info ${m}`),
  warn: (m: string) => logged.push(`warn ${m}`),
  error: (m: string, e?: unknown) => logged.push(`error ${m} ${String(e)}`),
}
let dir: string
let server: SiloServer
let url: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-abort-'))
  server = createServer({
    dir,
    address: '127.0.0.1:0',
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    quiet: true,
    logger,
  })
  url = (await server.start()).url
  await s3(url, 'PUT', '/aborts')
})
afterAll(async () => {
  await server.stop()
  await rm(dir, { recursive: true, force: true })
})

/** Sends the signed headers of a 1 MiB PUT and half its body, then cuts the connection. */
async function abortedPut(key: string): Promise<void> {
  // UNSIGNED-PAYLOAD: the server accepts the headers and starts storing before the body stops.
  const signed = signedHeaders(key, 1024 * 1024)
  await new Promise<void>((resolve) => {
    const req = request(`${url}/aborts/${key}`, { method: 'PUT', headers: signed })
    req.on('error', () => resolve())
    req.write(Buffer.alloc(512 * 1024, 1), () => setTimeout(() => req.destroy(), 100))
    req.on('close', () => resolve())
  })
}

function signedHeaders(key: string, size: number): Record<string, string> {
  const host = new URL(url).host
  const headers: Record<string, string> = {
    host,
    'x-amz-date': formatAmzDate(new Date()),
    'x-amz-content-sha256': UNSIGNED_PAYLOAD,
    'content-length': String(size),
  }
  const { authorization } = signRequest(
    nodeCrypto,
    { method: 'PUT', path: `/aborts/${key}`, query: [], headers },
    {
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
      region: 'us-east-1',
      date: new Date(),
      signedHeaders: ['host', 'x-amz-date', 'x-amz-content-sha256'],
    },
  )
  return { ...headers, authorization }
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
