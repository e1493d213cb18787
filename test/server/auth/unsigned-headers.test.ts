/**
 * Issue 12, defect 2: an `x-amz-*` header the signature does not cover must not change what a
 * signed request does. A presigned PUT URL (or a header-signed request altered in flight) with
 * an added `x-amz-copy-source` used to copy a private object into the upload key; added
 * `x-amz-meta-*` and `x-amz-storage-class` were stored. S3 answers 403 AccessDenied "There were
 * headers present in the request which were not signed" with a HeadersNotSigned element.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { formatAmzDate, signRequest } from '../../../src/shared/sigv4/index.js'
import { presignedUrl, s3, send, sha256Hex, type TestResponse, xmlField } from '../helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../helpers/test-server.js'

let server: TestServer
const B = 'unsigned-hdr'
const SECRET = 'the secret bytes'

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', `/${B}`)).status).toBe(200)
  expect((await s3(server.url, 'PUT', `/${B}/secret.txt`, { body: SECRET })).status).toBe(200)
})
afterAll(() => server.stop())

/** A header-signed request that signs `signed` and then sends `added` as well, unsigned. */
function sendWithUnsigned(
  method: string,
  path: string,
  added: Record<string, string>,
  body = '',
  signed: Record<string, string> = {},
): Promise<TestResponse> {
  const url = new URL(path, server.url)
  const date = new Date()
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': formatAmzDate(date),
    'x-amz-content-sha256': sha256Hex(body),
    ...signed,
  }
  const { authorization } = signRequest(
    nodeCrypto,
    { method, path: url.pathname, headers },
    { ...ROOT, region: 'us-east-1', date },
  )
  const all = { ...headers, ...added, authorization, 'content-length': String(Buffer.byteLength(body)) }
  return send(url, method, all, Buffer.from(body))
}

function expectHeadersNotSigned(res: TestResponse, names: string) {
  expect(res.status).toBe(403)
  expect(xmlField(res.text, 'Code')).toBe('AccessDenied')
  expect(xmlField(res.text, 'Message')).toBe(
    'There were headers present in the request which were not signed',
  )
  expect(xmlField(res.text, 'HeadersNotSigned')).toBe(names)
}

async function expectAbsent(key: string) {
  expect((await s3(server.url, 'HEAD', `/${B}/${key}`)).status).toBe(404)
}

describe('a presigned URL with added x-amz-* headers', () => {
  it('x-amz-copy-source on a PUT URL → 403 HeadersNotSigned; the secret is not copied', async () => {
    const url = presignedUrl(server.url, 'PUT', `/${B}/upload-1`)
    const res = await send(url, 'PUT', { 'x-amz-copy-source': `/${B}/secret.txt` }, Buffer.alloc(0))
    expectHeadersNotSigned(res, 'x-amz-copy-source')
    await expectAbsent('upload-1')
  })

  it('x-amz-meta-* and x-amz-storage-class on a PUT URL → 403, nothing stored', async () => {
    const url = presignedUrl(server.url, 'PUT', `/${B}/upload-2`)
    const res = await send(
      url,
      'PUT',
      { 'x-amz-meta-owner': 'mallory', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      Buffer.from('x'),
    )
    expectHeadersNotSigned(res, 'x-amz-meta-owner, x-amz-storage-class')
    await expectAbsent('upload-2')
  })

  it('the same headers named in X-Amz-SignedHeaders are honoured', async () => {
    const meta = { 'x-amz-meta-owner': 'alice' }
    const put = await send(
      presignedUrl(server.url, 'PUT', `/${B}/upload-3`, { signed: meta }),
      'PUT',
      meta,
      Buffer.from('x'),
    )
    expect(put.status).toBe(200)
    const head = await s3(server.url, 'HEAD', `/${B}/upload-3`)
    expect(head.headers['x-amz-meta-owner']).toBe('alice')
  })

  it('a plain presigned PUT and GET still work; x-amzn-trace-id (not x-amz-) is no concern', async () => {
    const put = await send(presignedUrl(server.url, 'PUT', `/${B}/plain`), 'PUT', {}, Buffer.from('plain'))
    expect(put.status).toBe(200)
    const get = await send(
      presignedUrl(server.url, 'GET', `/${B}/plain`),
      'GET',
      { 'x-amzn-trace-id': 'Root=1' },
      Buffer.alloc(0),
    )
    expect(get.text).toBe('plain')
  })
})

describe('a header-signed request altered in flight', () => {
  it('an added x-amz-copy-source → 403 HeadersNotSigned; the secret is not copied', async () => {
    const res = await sendWithUnsigned('PUT', `/${B}/altered-1`, { 'x-amz-copy-source': `/${B}/secret.txt` })
    expectHeadersNotSigned(res, 'x-amz-copy-source')
    await expectAbsent('altered-1')
  })

  it('added x-amz-meta-* / x-amz-storage-class → 403, nothing stored', async () => {
    const res = await sendWithUnsigned(
      'PUT',
      `/${B}/altered-2`,
      { 'x-amz-meta-owner': 'mallory', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      'body',
    )
    expectHeadersNotSigned(res, 'x-amz-meta-owner, x-amz-storage-class')
    await expectAbsent('altered-2')
  })

  it('an unsigned x-amz-date → 403 (it must be signed when present)', async () => {
    const url = new URL(`/${B}/altered-3`, server.url)
    const date = new Date()
    const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': sha256Hex('') }
    const { authorization } = signRequest(
      nodeCrypto,
      { method: 'GET', path: url.pathname, headers },
      { ...ROOT, region: 'us-east-1', date },
    )
    const res = await send(
      url,
      'GET',
      { ...headers, 'x-amz-date': formatAmzDate(date), authorization },
      Buffer.alloc(0),
    )
    expectHeadersNotSigned(res, 'x-amz-date')
  })

  it('x-amz-content-sha256 may go unsigned: the canonical request carries it as the payload hash', async () => {
    const url = new URL(`/${B}/content-sha-unsigned`, server.url)
    const date = new Date()
    const headers: Record<string, string> = { host: url.host, 'x-amz-date': formatAmzDate(date) }
    const { authorization } = signRequest(
      nodeCrypto,
      { method: 'PUT', path: url.pathname, headers },
      { ...ROOT, region: 'us-east-1', date, payloadHash: sha256Hex('ok') },
    )
    const res = await send(
      url,
      'PUT',
      { ...headers, 'x-amz-content-sha256': sha256Hex('ok'), authorization, 'content-length': '2' },
      Buffer.from('ok'),
    )
    expect(res.status).toBe(200)
  })

  it('signed x-amz-* headers still work (CopyObject with a signed copy source)', async () => {
    const res = await sendWithUnsigned('PUT', `/${B}/copied`, {}, '', {
      'x-amz-copy-source': `/${B}/secret.txt`,
    })
    expect(res.status).toBe(200)
    expect((await s3(server.url, 'GET', `/${B}/copied`)).text).toBe(SECRET)
  })
})

describe('a streaming (aws-chunked) upload', () => {
  it('an unsigned x-amz-decoded-content-length or x-amz-meta-* → 403 HeadersNotSigned, nothing stored', async () => {
    const url = new URL(`/${B}/streamed`, server.url)
    const date = new Date()
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': formatAmzDate(date),
      'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      'content-encoding': 'aws-chunked',
    }
    const { authorization } = signRequest(
      nodeCrypto,
      { method: 'PUT', path: url.pathname, headers },
      { ...ROOT, region: 'us-east-1', date },
    )
    const body = Buffer.from('5\r\nhello\r\n0\r\n\r\n')
    const added = { 'x-amz-decoded-content-length': '5', 'x-amz-meta-owner': 'mallory' }
    const res = await send(
      url,
      'PUT',
      { ...headers, ...added, authorization, 'content-length': String(body.length) },
      body,
    )
    expectHeadersNotSigned(res, 'x-amz-decoded-content-length, x-amz-meta-owner')
    await expectAbsent('streamed')
  })
})

describe('anonymous requests with x-amz-* headers are judged by the bucket policy', () => {
  it('an anonymous PUT with x-amz-copy-source is refused without a policy granting it', async () => {
    const res = await s3(server.url, 'PUT', `/${B}/anon-copy`, {
      anonymous: true,
      headers: { 'x-amz-copy-source': `/${B}/secret.txt` },
    })
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('AccessDenied')
    await expectAbsent('anon-copy')
  })
})
