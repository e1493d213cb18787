import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, startAdminHarness } from '../../sdk/admin/admin-harness.js'
import { s3, send, type TestResponse, xmlField } from '../helpers/signed-request.js'
import { authorizationV2, hmacSha1Base64, presignV2, type V2Request } from '../helpers/sigv2-signer.js'
import { ROOT, startTestServer, type TestServer } from '../helpers/test-server.js'

// AWS Signature Version 2 (header `AWS AKID:sig` and query `AWSAccessKeyId/Signature/Expires`)
// against a real server, signed by the test's own signer (helpers/sigv2-signer.ts).

const md5 = (data: string) => createHash('md5').update(data).digest('base64')
const nowSeconds = () => Math.floor(Date.now() / 1000)

interface SendV2 {
  method: string
  target: string
  headers?: Record<string, string>
  body?: string
  credential?: { accessKey: string; secretKey: string }
  /** Signs this request, then sends `sent` instead (tampering). */
  sent?: Partial<Pick<SendV2, 'target' | 'headers'>>
  bucket?: string
  host?: string
}

/** Sends a request signed with an `Authorization: AWS ...` header (Date: now unless given). */
function sendV2(baseUrl: string, r: SendV2): Promise<TestResponse> {
  const { accessKey, secretKey } = r.credential ?? ROOT
  const headers: Record<string, string> = { date: new Date().toUTCString(), ...r.headers }
  if (headers.date === '') delete headers.date
  const signed: V2Request = {
    method: r.method,
    target: r.target,
    headers,
    ...(r.bucket ? { bucket: r.bucket } : {}),
  }
  const sentHeaders = { ...(r.sent?.headers ?? headers) }
  sentHeaders.authorization = authorizationV2(signed, accessKey, secretKey)
  if (r.host) sentHeaders.host = r.host
  // Targets here hold no dot segments, so URL keeps them as written.
  return send(new URL(r.sent?.target ?? r.target, baseUrl), r.method, sentHeaders, Buffer.from(r.body ?? ''))
}

function get(baseUrl: string, target: string, headers: Record<string, string> = {}): Promise<TestResponse> {
  return send(new URL(target, baseUrl), 'GET', headers, Buffer.alloc(0))
}

const codeOf = (r: TestResponse) => xmlField(r.text, 'Code')

describe.each([1, 4])('SigV2 round trips (%i drive(s))', (drives) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ drives })
    expect((await s3(server.url, 'PUT', '/v2b')).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('PUT with Content-MD5, Content-Type and x-amz-meta-*, then GET by header and by presigned URL', async () => {
    const body = 'hello signature version 2'
    const put = await sendV2(server.url, {
      method: 'PUT',
      target: '/v2b/dir/a%20b.txt',
      body,
      headers: {
        'content-md5': md5(body),
        'content-type': 'text/plain',
        'x-amz-meta-colour': 'blue',
        'content-length': String(body.length),
      },
    })
    expect(put.status, put.text).toBe(200)
    const got = await sendV2(server.url, { method: 'GET', target: '/v2b/dir/a%20b.txt' })
    expect(got.status, got.text).toBe(200)
    expect(got.text).toBe(body)
    expect(got.headers['x-amz-meta-colour']).toBe('blue')
    const url = presignV2(
      { method: 'GET', target: '/v2b/dir/a%20b.txt', headers: {} },
      ROOT.accessKey,
      ROOT.secretKey,
      nowSeconds() + 60,
    )
    const presigned = await get(server.url, url)
    expect(presigned.status, presigned.text).toBe(200)
    expect(presigned.text).toBe(body)
  })

  it('a wrong Content-MD5 is refused by the body check (BadDigest) and nothing is stored', async () => {
    const r = await sendV2(server.url, {
      method: 'PUT',
      target: '/v2b/bad-md5',
      body: 'abc',
      headers: { 'content-md5': md5('abd'), 'content-length': '3' },
    })
    expect(r.status).toBe(400)
    expect(codeOf(r)).toBe('BadDigest')
    expect((await sendV2(server.url, { method: 'GET', target: '/v2b/bad-md5' })).status).toBe(404)
  })

  it('a chunked (streamed) PUT body and a multipart upload, part by part', async () => {
    const streamed = await sendV2(server.url, {
      method: 'PUT',
      target: '/v2b/streamed',
      body: 'x'.repeat(100_000),
      headers: { 'transfer-encoding': 'chunked' },
    })
    expect(streamed.status, streamed.text).toBe(200)
    const created = await sendV2(server.url, { method: 'POST', target: '/v2b/mp?uploads' })
    expect(created.status, created.text).toBe(200)
    const uploadId = xmlField(created.text, 'UploadId') as string
    const part = await sendV2(server.url, {
      method: 'PUT',
      target: `/v2b/mp?partNumber=1&uploadId=${encodeURIComponent(uploadId)}`,
      body: 'part-one',
      headers: { 'transfer-encoding': 'chunked' },
    })
    expect(part.status, part.text).toBe(200)
    const done = await sendV2(server.url, {
      method: 'POST',
      target: `/v2b/mp?uploadId=${encodeURIComponent(uploadId)}`,
      body: `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${part.headers.etag}</ETag></Part></CompleteMultipartUpload>`,
      headers: { 'content-type': 'application/xml' },
    })
    expect(done.status, done.text).toBe(200)
    const got = await sendV2(server.url, { method: 'GET', target: '/v2b/mp' })
    expect(got.text).toBe('part-one')
  })
})

describe('SigV2 refusals', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
    expect((await s3(server.url, 'PUT', '/ref')).status).toBe(200)
    expect((await s3(server.url, 'PUT', '/ref/k', { body: 'data' })).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('x-amz-date instead of Date: the Date line is empty', async () => {
    const r = await sendV2(server.url, {
      method: 'GET',
      target: '/ref/k',
      headers: { date: '', 'x-amz-date': new Date().toUTCString() },
    })
    expect(r.status, r.text).toBe(200)
    expect(r.text).toBe('data')
  })

  it("x-amz-date's value on the Date line, as AWS's DELETE example signs it", async () => {
    const amzDate = new Date().toUTCString()
    const signature = hmacSha1Base64(ROOT.secretKey, `GET\n\n\n${amzDate}\n/ref/k`)
    const r = await send(
      new URL('/ref/k', server.url),
      'GET',
      {
        date: new Date(Date.now() + 1000).toUTCString(),
        'x-amz-date': amzDate,
        authorization: `AWS ${ROOT.accessKey}:${signature}`,
      },
      Buffer.alloc(0),
    )
    expect(r.status, r.text).toBe(200)
  })

  it('no Date nor x-amz-date: AccessDenied', async () => {
    const r = await sendV2(server.url, { method: 'GET', target: '/ref/k', headers: { date: '' } })
    expect(r.status).toBe(403)
    expect(codeOf(r)).toBe('AccessDenied')
    expect(r.text).toContain('valid Date or x-amz-date')
  })

  it('a Date 20 minutes off: RequestTimeTooSkewed', async () => {
    const date = new Date(Date.now() - 20 * 60 * 1000).toUTCString()
    const r = await sendV2(server.url, { method: 'GET', target: '/ref/k', headers: { date } })
    expect(r.status).toBe(403)
    expect(codeOf(r)).toBe('RequestTimeTooSkewed')
  })

  it('an unknown access key: InvalidAccessKeyId, by header and by query', async () => {
    const credential = { accessKey: 'nobody', secretKey: 'x' }
    const r = await sendV2(server.url, { method: 'GET', target: '/ref/k', credential })
    expect(r.status).toBe(403)
    expect(codeOf(r)).toBe('InvalidAccessKeyId')
    const url = presignV2({ method: 'GET', target: '/ref/k', headers: {} }, 'nobody', 'x', nowSeconds() + 60)
    const q = await get(server.url, url)
    expect(q.status).toBe(403)
    expect(codeOf(q)).toBe('InvalidAccessKeyId')
  })

  it('a wrong secret: SignatureDoesNotMatch, by header and by query', async () => {
    const credential = { accessKey: ROOT.accessKey, secretKey: 'wrong-secret' }
    const r = await sendV2(server.url, { method: 'GET', target: '/ref/k', credential })
    expect(r.status).toBe(403)
    expect(codeOf(r)).toBe('SignatureDoesNotMatch')
    expect(xmlField(r.text, 'AWSAccessKeyId')).toBe(ROOT.accessKey)
    const url = presignV2(
      { method: 'GET', target: '/ref/k', headers: {} },
      ROOT.accessKey,
      'wrong',
      nowSeconds() + 60,
    )
    expect(codeOf(await get(server.url, url))).toBe('SignatureDoesNotMatch')
  })

  it('an expired presigned URL: AccessDenied, Request has expired', async () => {
    const url = presignV2(
      { method: 'GET', target: '/ref/k', headers: {} },
      ROOT.accessKey,
      ROOT.secretKey,
      nowSeconds() - 5,
    )
    const r = await get(server.url, url)
    expect(r.status).toBe(403)
    expect(codeOf(r)).toBe('AccessDenied')
    expect(xmlField(r.text, 'Message')).toBe('Request has expired.')
  })

  it('a presigned URL missing Expires, or with a non-numeric one: AccessDenied', async () => {
    const url = presignV2(
      { method: 'GET', target: '/ref/k', headers: {} },
      ROOT.accessKey,
      ROOT.secretKey,
      nowSeconds() + 60,
    )
    const withoutExpires = url.replace(/&Expires=\d+/, '')
    const missing = await get(server.url, withoutExpires)
    expect(codeOf(missing)).toBe('AccessDenied')
    expect(missing.text).toContain('requires the Signature, Expires and AWSAccessKeyId')
    const malformed = await get(server.url, url.replace(/Expires=\d+/, 'Expires=tomorrow'))
    expect(codeOf(malformed)).toBe('AccessDenied')
    expect(malformed.text).toContain('should be seconds since epoch')
  })

  it('a tampered sub-resource, path or x-amz-* header: SignatureDoesNotMatch', async () => {
    // Signed for response-content-type=text/plain, sent with text/html.
    const url = presignV2(
      { method: 'GET', target: '/ref/k?response-content-type=text%2Fplain', headers: {} },
      ROOT.accessKey,
      ROOT.secretKey,
      nowSeconds() + 60,
    )
    const good = await get(server.url, url)
    expect(good.status, good.text).toBe(200)
    expect(good.headers['content-type']).toBe('text/plain')
    const tampered = await get(server.url, url.replace('text%2Fplain', 'text%2Fhtml'))
    expect(codeOf(tampered)).toBe('SignatureDoesNotMatch')
    // Signed GetObject, sent as GetObjectAcl.
    const acl = await sendV2(server.url, { method: 'GET', target: '/ref/k', sent: { target: '/ref/k?acl' } })
    expect(codeOf(acl)).toBe('SignatureDoesNotMatch')
    // Another key.
    const other = await sendV2(server.url, { method: 'GET', target: '/ref/k', sent: { target: '/ref/k2' } })
    expect(codeOf(other)).toBe('SignatureDoesNotMatch')
    // An x-amz-* header added after signing: V2 signs every one, so it breaks the signature.
    const date = new Date().toUTCString()
    const added = await sendV2(server.url, {
      method: 'GET',
      target: '/ref/k',
      headers: { date },
      sent: { headers: { date, 'x-amz-request-payer': 'requester' } },
    })
    expect(codeOf(added)).toBe('SignatureDoesNotMatch')
  })

  it('Signature without AWSAccessKeyId (a forwarded CloudFront signed URL) stays anonymous', async () => {
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::ref/k' },
      ],
    })
    expect((await s3(server.url, 'PUT', '/ref?policy', { body: policy })).status).toBe(204)
    try {
      const r = await get(server.url, '/ref/k?Expires=1&Signature=abc&Key-Pair-Id=K2')
      expect(r.status, r.text).toBe(200)
      expect(r.text).toBe('data')
    } finally {
      expect((await s3(server.url, 'DELETE', '/ref?policy')).status).toBe(204)
    }
  })

  it('a sub-resource V2 cannot sign is refused, not accepted unsigned', async () => {
    const r = await sendV2(server.url, { method: 'GET', target: '/ref?publicAccessBlock' })
    expect(r.status).toBe(403)
    expect(codeOf(r)).toBe('AccessDenied')
    expect(r.text).toContain('publicAccessBlock')
  })

  it('a malformed Authorization header names the expected form', async () => {
    const r = await send(
      new URL('/ref/k', server.url),
      'GET',
      { date: new Date().toUTCString(), authorization: 'AWS justakey' },
      Buffer.alloc(0),
    )
    expect(r.status).toBe(400)
    expect(r.text).toContain('AWS AccessKeyId:Signature')
  })

  it('the admin API refuses SigV2 with a clear error', async () => {
    const r = await sendV2(server.url, { method: 'GET', target: '/silo/admin/v1/info' })
    expect(r.status).toBe(403)
    expect(r.text).toContain('only AWS Signature Version 4')
  })
})

/** A V2 POST form (AWS "Browser-based uploads using POST (AWS signature version 2)"). */
function postFormV2(
  baseUrl: string,
  bucket: string,
  key: string,
  options: { secretKey?: string; accessKey?: string; extra?: Record<string, string> } = {},
): Promise<TestResponse> {
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(Date.now() + 600_000).toISOString(),
      conditions: [{ bucket }, ['starts-with', '$key', ''], ['content-length-range', 0, 100]],
    }),
  ).toString('base64')
  const fields: Record<string, string> = {
    key,
    AWSAccessKeyId: options.accessKey ?? ROOT.accessKey,
    policy,
    signature: hmacSha1Base64(options.secretKey ?? ROOT.secretKey, policy),
    ...options.extra,
  }
  const parts = Object.entries(fields).map(
    ([n, v]) => `--B\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`,
  )
  const file =
    '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nposted\r\n--B--\r\n'
  const url = new URL(`/${bucket}`, baseUrl)
  const body = Buffer.from(parts.join('') + file)
  return send(url, 'POST', { host: url.host, 'content-type': 'multipart/form-data; boundary=B' }, body)
}

describe('SigV2 POST forms', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
    expect((await s3(server.url, 'PUT', '/form')).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('a V2-signed form uploads; its policy still binds the fields', async () => {
    const r = await postFormV2(server.url, 'form', 'up.txt')
    expect(r.status, r.text).toBe(204)
    expect((await sendV2(server.url, { method: 'GET', target: '/form/up.txt' })).text).toBe('posted')
    const extra = await postFormV2(server.url, 'form', 'x.txt', { extra: { 'x-amz-meta-sneaky': '1' } })
    expect(codeOf(extra)).toBe('AccessDenied')
    expect(extra.text).toContain('Extra input fields: x-amz-meta-sneaky')
  })

  it('a wrong secret or an unknown key is refused', async () => {
    expect(codeOf(await postFormV2(server.url, 'form', 'w.txt', { secretKey: 'wrong' }))).toBe(
      'SignatureDoesNotMatch',
    )
    expect(codeOf(await postFormV2(server.url, 'form', 'w.txt', { accessKey: 'nobody' }))).toBe(
      'InvalidAccessKeyId',
    )
    expect((await sendV2(server.url, { method: 'GET', target: '/form/w.txt' })).status).toBe(404)
  })
})

describe('SigV2 with virtual-host addressing', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ domain: 's3.test' })
    expect((await s3(server.url, 'PUT', '/vhb')).status).toBe(200)
    expect((await s3(server.url, 'PUT', '/vhb/key.txt', { body: 'virtual' })).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('signs /bucket in front of the path', async () => {
    const host = `vhb.s3.test:${server.port}`
    const r = await sendV2(server.url, { method: 'GET', target: '/key.txt', bucket: 'vhb', host })
    expect(r.status, r.text).toBe(200)
    expect(r.text).toBe('virtual')
    // Signed without the bucket (as if path style): refused.
    const wrong = await sendV2(server.url, { method: 'GET', target: '/key.txt', host })
    expect(codeOf(wrong)).toBe('SignatureDoesNotMatch')
  })
})

describe('SigV2 and policies', () => {
  let h: AdminHarness
  const READER = { accessKey: 'v2-reader', secretKey: 'v2-reader-secret' }
  const WRITER = { accessKey: 'v2-writer', secretKey: 'v2-writer-secret' }
  beforeAll(async () => {
    h = await startAdminHarness()
    expect((await sendV2(h.url, { method: 'PUT', target: '/pol', credential: ROOT_OF_HARNESS })).status).toBe(
      200,
    )
    const put = await sendV2(h.url, {
      method: 'PUT',
      target: '/pol/k',
      body: 'v',
      credential: ROOT_OF_HARNESS,
    })
    expect(put.status).toBe(200)
    await h.admin().addUser(READER.accessKey, READER.secretKey, 'readonly')
    await h.admin().addUser(WRITER.accessKey, WRITER.secretKey, 'readwrite')
  })
  afterAll(() => h.stop())

  it("an IAM user's policy applies to its V2 requests", async () => {
    const read = await sendV2(h.url, { method: 'GET', target: '/pol/k', credential: READER })
    expect(read.status, read.text).toBe(200)
    const write = await sendV2(h.url, { method: 'PUT', target: '/pol/r', body: 'x', credential: READER })
    expect(write.status).toBe(403)
    expect(codeOf(write)).toBe('AccessDenied')
    const url = presignV2(
      { method: 'PUT', target: '/pol/r', headers: {} },
      READER.accessKey,
      READER.secretKey,
      nowSeconds() + 60,
    )
    const presignedPut = await send(new URL(url, h.url), 'PUT', {}, Buffer.from('x'))
    expect(codeOf(presignedPut)).toBe('AccessDenied')
  })

  it("a disabled user's V2 requests are refused once the signature checks out", async () => {
    const USER = { accessKey: 'v2-off', secretKey: 'v2-off-secret' }
    await h.admin().addUser(USER.accessKey, USER.secretKey, 'readwrite')
    await h.admin().setUserStatus(USER.accessKey, 'disabled')
    const r = await sendV2(h.url, { method: 'GET', target: '/pol/k', credential: USER })
    expect(codeOf(r)).toBe('XSiloUserDisabled')
    const wrong = await sendV2(h.url, {
      method: 'GET',
      target: '/pol/k',
      credential: { ...USER, secretKey: 'x' },
    })
    expect(codeOf(wrong)).toBe('SignatureDoesNotMatch')
  })

  it('x-amz-security-token: Silo issues no sessions, so InvalidToken', async () => {
    const r = await sendV2(h.url, {
      method: 'GET',
      target: '/pol/k',
      credential: WRITER,
      headers: { 'x-amz-security-token': 'token' },
    })
    expect(codeOf(r)).toBe('InvalidToken')
  })

  it('s3:signatureversion is AWS for V2 and s3:authType tells header from query', async () => {
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Deny',
          Principal: '*',
          Action: 's3:GetObject',
          Resource: 'arn:aws:s3:::pol/*',
          Condition: { StringEquals: { 's3:signatureversion': 'AWS', 's3:authType': 'REST-QUERY-STRING' } },
        },
      ],
    }
    const set = await sendV2(h.url, {
      method: 'PUT',
      target: '/pol?policy',
      body: JSON.stringify(policy),
      credential: ROOT_OF_HARNESS,
    })
    expect(set.status, set.text).toBe(204)
    // Header-signed V2: not denied.
    expect((await sendV2(h.url, { method: 'GET', target: '/pol/k', credential: WRITER })).status).toBe(200)
    // Query-signed V2: denied.
    const url = presignV2(
      { method: 'GET', target: '/pol/k', headers: {} },
      WRITER.accessKey,
      WRITER.secretKey,
      nowSeconds() + 60,
    )
    expect(codeOf(await get(h.url, url))).toBe('AccessDenied')
    // SigV4 presigned: s3:signatureversion is AWS4-HMAC-SHA256, so not denied.
    const v4 = await s3(h.url, 'GET', '/pol/k', WRITER)
    expect(v4.status, v4.text).toBe(200)
  })
})

// startAdminHarness has its own root.
const ROOT_OF_HARNESS = { accessKey: 'admin-root', secretKey: 'admin-root-secret-0123' }
