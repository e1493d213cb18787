import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { formatAmzDate, signRequest, UNSIGNED_PAYLOAD } from '../../src/shared/sigv4/index.js'
import { md5Base64, md5Hex, s3, xmlField } from './helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from './helpers/test-server.js'

let server: TestServer
const B = '/objects-bucket'

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', B)).status).toBe(200)
})
afterAll(() => server.stop())

describe('PutObject / GetObject / HeadObject / DeleteObject', () => {
  const body = 'Hello, Silo! '.repeat(10)

  it('stores metadata and returns it with the bytes and an MD5 ETag', async () => {
    const put = await s3(server.url, 'PUT', `${B}/dir/hello.txt`, {
      body,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'max-age=60',
        'content-disposition': 'attachment; filename="hello.txt"',
        'content-language': 'en',
        expires: 'Wed, 21 Oct 2037 07:28:00 GMT',
        'x-amz-meta-color': 'blue',
        'x-amz-meta-Owner': 'Ada',
      },
    })
    expect(put.status).toBe(200)
    expect(put.headers.etag).toBe(`"${md5Hex(body)}"`)

    for (const method of ['GET', 'HEAD']) {
      const res = await s3(server.url, method, `${B}/dir/hello.txt`)
      expect(res.status).toBe(200)
      expect(res.headers.etag).toBe(`"${md5Hex(body)}"`)
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(body)))
      expect(res.headers['cache-control']).toBe('max-age=60')
      expect(res.headers['content-disposition']).toBe('attachment; filename="hello.txt"')
      expect(res.headers['content-language']).toBe('en')
      expect(res.headers.expires).toBe('Wed, 21 Oct 2037 07:28:00 GMT')
      expect(res.headers['x-amz-meta-color']).toBe('blue')
      expect(res.headers['x-amz-meta-owner']).toBe('Ada')
      expect(res.headers['last-modified']).toMatch(/GMT$/)
      expect(res.text).toBe(method === 'GET' ? body : '')
    }
  })

  it('keeps keys with spaces, unicode, dot segments and ones that are prefixes of others', async () => {
    for (const key of ['a', 'a/b', 'sp ace/ünï.txt', '../x', 'q?x=1&y']) {
      const path = `${B}/${key.split('/').map(encodeURIComponent).join('/')}`
      expect((await s3(server.url, 'PUT', path, { body: key })).status).toBe(200)
    }
    for (const key of ['a', 'a/b', 'sp ace/ünï.txt', '../x', 'q?x=1&y']) {
      const path = `${B}/${key.split('/').map(encodeURIComponent).join('/')}`
      expect((await s3(server.url, 'GET', path)).text).toBe(key)
    }
  })

  it('accepts UNSIGNED-PAYLOAD', async () => {
    const res = await s3(server.url, 'PUT', `${B}/unsigned`, { body: 'u', payloadHash: UNSIGNED_PAYLOAD })
    expect(res.status).toBe(200)
  })

  it('serves a single byte range with 206, and 416 when unsatisfiable', async () => {
    await s3(server.url, 'PUT', `${B}/digits`, { body: '0123456789' })
    const part = await s3(server.url, 'GET', `${B}/digits`, { headers: { range: 'bytes=2-5' } })
    expect(part.status).toBe(206)
    expect(part.text).toBe('2345')
    expect(part.headers['content-range']).toBe('bytes 2-5/10')
    const suffix = await s3(server.url, 'GET', `${B}/digits`, { headers: { range: 'bytes=-3' } })
    expect(suffix.text).toBe('789')
    const bad = await s3(server.url, 'GET', `${B}/digits`, { headers: { range: 'bytes=10-' } })
    expect(bad.status).toBe(416)
    expect(xmlField(bad.text, 'Code')).toBe('InvalidRange')
    expect(bad.headers['content-range']).toBe('bytes */10')
  })

  it('honours If-None-Match (304) and If-Match (412)', async () => {
    const put = await s3(server.url, 'PUT', `${B}/cond`, { body: 'c' })
    const etag = put.headers.etag as string
    expect((await s3(server.url, 'GET', `${B}/cond`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    )
    expect((await s3(server.url, 'GET', `${B}/cond`, { headers: { 'if-match': '"nope"' } })).status).toBe(412)
  })

  it('checks Content-MD5: BadDigest on mismatch (nothing stored), InvalidDigest when malformed', async () => {
    const bad = await s3(server.url, 'PUT', `${B}/md5`, {
      body: 'abc',
      headers: { 'content-md5': md5Base64('abd') },
    })
    expect(bad.status).toBe(400)
    expect(xmlField(bad.text, 'Code')).toBe('BadDigest')
    expect((await s3(server.url, 'HEAD', `${B}/md5`)).status).toBe(404)
    const malformed = await s3(server.url, 'PUT', `${B}/md5`, {
      body: 'abc',
      headers: { 'content-md5': 'xyz' },
    })
    expect(xmlField(malformed.text, 'Code')).toBe('InvalidDigest')
    const good = await s3(server.url, 'PUT', `${B}/md5`, {
      body: 'abc',
      headers: { 'content-md5': md5Base64('abc') },
    })
    expect(good.status).toBe(200)
  })

  it('rejects too much user metadata with MetadataTooLarge', async () => {
    const res = await s3(server.url, 'PUT', `${B}/meta`, {
      body: 'm',
      headers: { 'x-amz-meta-big': 'x'.repeat(2100) },
    })
    expect(xmlField(res.text, 'Code')).toBe('MetadataTooLarge')
  })

  it('deletes with 204, then GET is NoSuchKey; deleting again is still 204', async () => {
    await s3(server.url, 'PUT', `${B}/gone`, { body: 'g' })
    expect((await s3(server.url, 'DELETE', `${B}/gone`)).status).toBe(204)
    const get = await s3(server.url, 'GET', `${B}/gone`)
    expect(get.status).toBe(404)
    expect(xmlField(get.text, 'Code')).toBe('NoSuchKey')
    expect((await s3(server.url, 'DELETE', `${B}/gone`)).status).toBe(204)
  })

  it('answers NoSuchBucket for a PUT into a missing bucket', async () => {
    const res = await s3(server.url, 'PUT', '/no-such-bucket/k', { body: 'x' })
    expect(xmlField(res.text, 'Code')).toBe('NoSuchBucket')
  })
})

/** Sends a raw request (headers as given, no body) and returns the status line and body. */
function raw(method: string, path: string, extra: Record<string, string>): Promise<string> {
  const host = `127.0.0.1:${server.port}`
  const headers: Record<string, string> = {
    host,
    'x-amz-date': formatAmzDate(new Date()),
    'x-amz-content-sha256': UNSIGNED_PAYLOAD,
    ...extra,
  }
  const { authorization } = signRequest(
    nodeCrypto,
    { method, path, headers },
    { ...ROOT, region: 'us-east-1', date: new Date() },
  )
  const head = Object.entries({ ...headers, authorization }).map(([k, v]) => `${k}: ${v}\r\n`)
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () =>
      socket.write(`${method} ${path} HTTP/1.1\r\n${head.join('')}\r\n`),
    )
    let out = ''
    socket.on('data', (d) => {
      out += d.toString()
      if (out.includes('</Error>')) socket.end()
    })
    socket.on('end', () => resolve(out))
    socket.on('error', reject)
  })
}

describe('size limits', () => {
  it('PUT without Content-Length → 411 MissingContentLength', async () => {
    const res = await raw('PUT', `${B}/no-length`, {})
    expect(res).toMatch(/^HTTP\/1.1 411/)
    expect(res).toContain('<Code>MissingContentLength</Code>')
  })

  it('PUT declaring more than 5 GiB → 400 EntityTooLarge before any byte is read', async () => {
    const res = await raw('PUT', `${B}/huge`, { 'content-length': String(6 * 1024 ** 3) })
    expect(res).toMatch(/^HTTP\/1.1 400/)
    expect(res).toContain('<Code>EntityTooLarge</Code>')
  })
})

describe('connections', () => {
  it('keeps the connection alive across requests', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const reused: boolean[] = []
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve, reject) => {
        const date = new Date()
        const headers = {
          host: `127.0.0.1:${server.port}`,
          'x-amz-date': formatAmzDate(date),
          'x-amz-content-sha256': UNSIGNED_PAYLOAD,
        }
        const { authorization } = signRequest(
          nodeCrypto,
          { method: 'GET', path: '/', headers },
          { ...ROOT, region: 'us-east-1', date },
        )
        const req = request(`${server.url}/`, { agent, headers: { ...headers, authorization } }, (res) => {
          reused.push(req.reusedSocket)
          res.resume()
          res.on('end', resolve)
        })
        req.on('error', reject)
        req.end()
      })
    }
    agent.destroy()
    expect(reused).toEqual([false, true, true])
  })
})
