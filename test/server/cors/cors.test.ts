/**
 * CORS: preflights are answered before authentication, every response to an allowed Origin
 * carries the headers a page needs to read it (errors included), and a server limited to some
 * origins refuses the others.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type SiloServer } from '../../../src/server/index.js'

const started: Array<{ server: SiloServer; dir: string }> = []
async function start(cors?: { origins: string[] }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-cors-'))
  const server = createServer({ dir, address: '127.0.0.1:0', quiet: true, cors })
  started.push({ server, dir })
  return (await server.start()).url
}
afterAll(async () => {
  for (const { server, dir } of started) {
    await server.stop()
    await rm(dir, { recursive: true, force: true })
  }
})

const preflight = (url: string, origin: string) =>
  fetch(`${url}/bucket/key.txt`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'authorization,x-amz-date,x-amz-content-sha256',
    },
  })

describe('CORS, default (any origin)', () => {
  let url: string
  beforeAll(async () => {
    url = await start()
  })

  it('answers a preflight unsigned, allowing the method and the requested headers', async () => {
    const res = await preflight(url, 'http://page.test:8080')
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://page.test:8080')
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT')
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'authorization,x-amz-date,x-amz-content-sha256',
    )
  })

  it('lets the page read responses, errors included, and exposes the headers the SDK reads', async () => {
    const res = await fetch(`${url}/no-such-bucket/key`, { headers: { origin: 'http://page.test:8080' } })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://page.test:8080')
    const exposed = res.headers.get('access-control-expose-headers')!.split(', ')
    for (const name of [
      'ETag',
      'x-amz-request-id',
      'x-amz-version-id',
      'Content-Range',
      'x-amz-bucket-region',
    ]) {
      expect(exposed).toContain(name)
    }
  })

  it('adds nothing to requests without an Origin', async () => {
    const res = await fetch(`${url}/no-such-bucket/key`)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('CORS limited to some origins', () => {
  let url: string
  beforeAll(async () => {
    url = await start({ origins: ['https://app.example.com', 'https://*.preview.example.com'] })
  })

  it('allows the listed origins and wildcard matches', async () => {
    expect((await preflight(url, 'https://app.example.com')).status).toBe(200)
    expect((await preflight(url, 'https://pr-7.preview.example.com')).status).toBe(200)
  })

  it('refuses a preflight from another origin and gives its requests no CORS headers', async () => {
    const res = await preflight(url, 'https://evil.example.net')
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('<Code>AccessDenied</Code>')
    const get = await fetch(`${url}/bucket/key`, { headers: { origin: 'https://evil.example.net' } })
    expect(get.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('rejects a malformed origin at createServer, naming it', () => {
    expect(() => createServer({ dir: '/tmp/x', cors: { origins: ['app.example.com/path'] } })).toThrow(
      /app\.example\.com\/path/,
    )
  })
})
