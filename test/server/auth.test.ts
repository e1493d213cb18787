import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { formatAmzDate, signRequest } from '../../src/shared/sigv4/index.js'
import { presignedUrl, s3, send, sha256Hex, xmlField } from './helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from './helpers/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', '/auth-bucket')).status).toBe(200)
})
afterAll(() => server.stop())

async function expectNotStored(key: string) {
  expect((await s3(server.url, 'HEAD', `/auth-bucket/${key}`)).status).toBe(404)
}

describe('authentication failures answer the right code and store nothing', () => {
  it('wrong secret → 403 SignatureDoesNotMatch', async () => {
    const res = await s3(server.url, 'PUT', '/auth-bucket/wrong-sig', {
      body: 'x',
      secretKey: 'not-the-secret',
    })
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('SignatureDoesNotMatch')
    await expectNotStored('wrong-sig')
  })

  it('unknown access key → 403 InvalidAccessKeyId', async () => {
    const res = await s3(server.url, 'PUT', '/auth-bucket/unknown-key', { body: 'x', accessKey: 'nobody' })
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('InvalidAccessKeyId')
    await expectNotStored('unknown-key')
  })

  it('clock skewed by 20 minutes → 403 RequestTimeTooSkewed', async () => {
    const date = new Date(Date.now() - 20 * 60 * 1000)
    const res = await s3(server.url, 'PUT', '/auth-bucket/skewed', { body: 'x', date })
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('RequestTimeTooSkewed')
    await expectNotStored('skewed')
  })

  it('a clock 10 minutes off is accepted', async () => {
    const date = new Date(Date.now() + 10 * 60 * 1000)
    expect((await s3(server.url, 'GET', '/', { date })).status).toBe(200)
  })

  it('payload not matching x-amz-content-sha256 → 400 XAmzContentSHA256Mismatch', async () => {
    const res = await s3(server.url, 'PUT', '/auth-bucket/bad-hash', {
      body: 'the real body',
      payloadHash: sha256Hex('another body'),
    })
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('XAmzContentSHA256Mismatch')
    await expectNotStored('bad-hash')
  })

  it('anonymous request → 403 AccessDenied', async () => {
    const res = await s3(server.url, 'GET', '/', { anonymous: true })
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('AccessDenied')
  })

  it('garbled Authorization header → 400 AuthorizationHeaderMalformed naming the problem', async () => {
    const url = new URL('/', server.url)
    const res = await send(url, 'GET', { authorization: 'AWS4-HMAC-SHA256 Credential=x' }, Buffer.alloc(0))
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('AuthorizationHeaderMalformed')
    expect(xmlField(res.text, 'Message')).toMatch(/missing 'SignedHeaders='/)
  })

  it('a region other than the configured one → 400 AuthorizationHeaderMalformed', async () => {
    // A server with no region configured accepts any (test/e2e/make-bucket-region.test.ts).
    const configured = await startTestServer({ region: 'us-east-1' })
    try {
      const res = await s3(configured.url, 'GET', '/auth-bucket', { region: 'eu-west-1' })
      expect(res.status).toBe(400)
      expect(xmlField(res.text, 'Code')).toBe('AuthorizationHeaderMalformed')
      expect(xmlField(res.text, 'Message')).toMatch(/eu-west-1.*us-east-1/)
      expect(xmlField(res.text, 'Region')).toBe('us-east-1')
    } finally {
      await configured.stop()
    }
  })

  it('an invalid x-amz-content-sha256 → 400 InvalidArgument', async () => {
    const res = await s3(server.url, 'GET', '/', { payloadHash: 'not-a-hash' })
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidArgument')
  })
})

describe('presigned URLs', () => {
  const presign = (method: string, path: string, date: Date, expires: number) =>
    presignedUrl(server.url, method, path, { date, expires })

  it('a presigned PUT then GET work', async () => {
    const put = await send(
      presign('PUT', '/auth-bucket/presigned', new Date(), 60),
      'PUT',
      {},
      Buffer.from('hi'),
    )
    expect(put.status).toBe(200)
    const get = await send(
      presign('GET', '/auth-bucket/presigned', new Date(), 60),
      'GET',
      {},
      Buffer.alloc(0),
    )
    expect(get.status).toBe(200)
    expect(get.text).toBe('hi')
  })

  it('an expired presigned URL → 403 AccessDenied', async () => {
    const url = presign('GET', '/auth-bucket/presigned', new Date(Date.now() - 120_000), 60)
    const res = await send(url, 'GET', {}, Buffer.alloc(0))
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Message')).toMatch(/expired/)
  })

  it('a tampered presigned URL → 403 SignatureDoesNotMatch', async () => {
    const url = presign('GET', '/auth-bucket/presigned', new Date(), 60)
    url.pathname = '/auth-bucket/other'
    const res = await send(url, 'GET', {}, Buffer.alloc(0))
    expect(xmlField(res.text, 'Code')).toBe('SignatureDoesNotMatch')
  })
})

describe('every response', () => {
  it('carries x-amz-request-id, Server: Silo and Accept-Ranges: bytes, errors included', async () => {
    for (const res of [
      await s3(server.url, 'GET', '/'),
      await s3(server.url, 'GET', '/', { anonymous: true }),
    ]) {
      expect(res.headers['x-amz-request-id']).toMatch(/^[0-9A-F]{16,}$/)
      expect(res.headers.server).toBe('Silo')
      expect(res.headers['accept-ranges']).toBe('bytes')
    }
  })

  it('renders errors as S3 XML with Code, Message, Resource and RequestId', async () => {
    const res = await s3(server.url, 'GET', '/auth-bucket/no/such%20key')
    expect(res.status).toBe(404)
    expect(res.headers['content-type']).toBe('application/xml')
    expect(xmlField(res.text, 'Code')).toBe('NoSuchKey')
    expect(xmlField(res.text, 'Message')).toBeTruthy()
    expect(xmlField(res.text, 'Resource')).toBe('/auth-bucket/no/such key')
    expect(xmlField(res.text, 'RequestId')).toBe(res.headers['x-amz-request-id'])
  })

  it('HEAD errors have a status but no body', async () => {
    const res = await s3(server.url, 'HEAD', '/auth-bucket/missing')
    expect(res.status).toBe(404)
    expect(res.body.length).toBe(0)
  })
})

describe('header-signed requests with a session token', () => {
  it('x-amz-security-token → 400 InvalidToken, nothing stored (Silo issues no sessions)', async () => {
    const res = await s3(server.url, 'PUT', '/auth-bucket/with-token', {
      body: 'x',
      headers: { 'x-amz-security-token': 'FwoGZXIvYXdzEXAMPLE' },
    })
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidToken')
    expect(xmlField(res.text, 'Message')).toMatch(/x-amz-security-token/)
    await expectNotStored('with-token')
  })
})

describe('a signed header sent more than once', () => {
  // SigV4 signs repeated values trimmed and joined with ','; Node hands them over joined with ', '.
  function putWithRepeatedHeader(key: string, values: string[], signedAs: string[]) {
    const url = new URL(server.url)
    const path = `/auth-bucket/${key}`
    const date = new Date()
    const headers: Record<string, string | string[]> = {
      host: url.host,
      'x-amz-date': formatAmzDate(date),
      'x-amz-content-sha256': sha256Hex('body'),
      'x-amz-meta-tag': signedAs,
    }
    const { authorization } = signRequest(
      nodeCrypto,
      { method: 'PUT', path, query: [], headers },
      { ...ROOT, region: 'us-east-1', date, signedHeaders: Object.keys(headers) },
    )
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest({ method: 'PUT', hostname: url.hostname, port: url.port, path }, (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      for (const [name, value] of Object.entries(headers))
        if (name !== 'x-amz-meta-tag') req.setHeader(name, value)
      req.setHeader('x-amz-meta-tag', values)
      req.setHeader('authorization', authorization)
      req.setHeader('content-length', 4)
      req.end('body')
    })
  }

  it('is verified over its values trimmed and joined with ","', async () => {
    const res = await putWithRepeatedHeader('repeated', ['a', '  b   c '], ['a', '  b   c '])
    expect(res.status).toBe(200)
    expect((await s3(server.url, 'HEAD', '/auth-bucket/repeated')).status).toBe(200)
  })

  it('a signature over other values still fails with SignatureDoesNotMatch', async () => {
    const res = await putWithRepeatedHeader('repeated-bad', ['a', 'b'], ['a', 'x'])
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('SignatureDoesNotMatch')
    await expectNotStored('repeated-bad')
  })
})
