/**
 * The browser platform (fetch + pure-JS SHA-256) driving the same transport and operations, with
 * msw intercepting fetch.
 */
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { resolveClientOptions } from '../../src/sdk/client-options.js'
import { getObject } from '../../src/sdk/operations/object/get-object.js'
import { putObject } from '../../src/sdk/operations/object/put-object.js'
import { statObject } from '../../src/sdk/operations/object/stat-object.js'
import { platform } from '../../src/sdk/platform/browser.js'
import { Transport } from '../../src/sdk/transport/transport.js'
import { useMockServer } from './support/msw.js'
import { recomputeSignature, sha256 } from './support/verify-sigv4.js'

const { server, seen } = useMockServer()
const BASE = 'http://localhost:9000'
const transport = (extra: object = {}) =>
  new Transport(
    resolveClientOptions({
      endPoint: 'localhost',
      port: 9000,
      useSSL: false,
      accessKey: 'AK',
      secretKey: 'SECRET',
      region: 'us-east-1',
      ...extra,
    }),
    platform,
  )

describe('browser platform', () => {
  it('hashes with the pure-JS SHA-256', () => {
    expect(platform.sigv4.sha256Hex(new TextEncoder().encode('abc'))).toBe(sha256('abc'))
    expect(platform.userAgent).toBeUndefined()
  })

  it('uploads through fetch with a verifiable signature and no forbidden headers', async () => {
    server.use(http.put(`${BASE}/photos/a%20b`, () => new HttpResponse(null, { headers: { etag: '"e"' } })))
    expect(
      await putObject(transport(), 'photos', 'a b', 'héllo', undefined, { 'Content-Type': 'text/plain' }),
    ).toEqual({
      etag: 'e',
      versionId: null,
    })
    const request = seen[0]!
    expect(request.headers.get('user-agent') ?? '').not.toMatch(/^silo-js/)
    expect(new TextDecoder().decode(await request.body)).toBe('héllo')
    const { expected, actual } = recomputeSignature(
      {
        method: request.method,
        target: request.url.pathname + request.url.search,
        header: (name) => (name === 'host' ? request.url.host : request.headers.get(name)),
      },
      'SECRET',
    )
    expect(actual).toBe(expected)
  })

  it('gathers a stream body into a Blob for fetch', async () => {
    server.use(http.put(`${BASE}/photos/s`, () => new HttpResponse(null, { headers: { etag: '"e"' } })))
    await putObject(transport(), 'photos', 's', new Blob(['hello ', 'stream']).stream(), 12)
    expect(new TextDecoder().decode(await seen[0]!.body)).toBe('hello stream')
  })

  it('returns response bodies as async-iterable readables (no readable-stream in browsers)', async () => {
    server.use(http.get(`${BASE}/photos/a`, () => HttpResponse.text('body text')))
    const stream = await getObject(transport(), 'photos', 'a')
    const chunks: Uint8Array[] = []
    for await (const chunk of stream) chunks.push(chunk as Uint8Array)
    expect(Buffer.concat(chunks).toString()).toBe('body text')
  })

  it('reads HEAD response headers', async () => {
    server.use(
      http.head(
        `${BASE}/photos/a`,
        () => new HttpResponse(null, { headers: { 'content-length': '5', 'x-amz-meta-k': 'v' } }),
      ),
    )
    expect(await statObject(transport(), 'photos', 'a')).toMatchObject({ size: 5, metaData: { k: 'v' } })
  })

  it('uses the fetch of a custom transport', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200, headers: { etag: '"custom"' } }))
    expect(await putObject(transport({ transport: { fetch } }), 'photos', 'a', 'x')).toMatchObject({
      etag: 'custom',
    })
    expect(fetch).toHaveBeenCalledWith(
      'http://localhost:9000/photos/a',
      expect.objectContaining({ method: 'PUT' }),
    )
  })
})
