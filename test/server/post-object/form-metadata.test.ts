/**
 * A POST form's metadata fields become response headers of every later GET and HEAD, so they
 * must be valid HTTP headers. Found by the request property tests (issue 12): a signed form
 * with `Content-Type: €`, a control character in `x-amz-meta-*` or a space in its name was
 * stored, and from then on every GET of the object answered 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { computeSignature, deriveSigningKey, formatAmzDate } from '../../../src/shared/sigv4/index.js'
import { s3, send, xmlField } from '../helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../helpers/test-server.js'

let server: TestServer
const BUCKET = 'form-metadata'

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
})
afterAll(() => server.stop())

/** POSTs a root-signed form for `key` whose policy allows `extra` fields with any value. */
function postForm(key: string, extra: Record<string, string>) {
  const amzDate = formatAmzDate(new Date())
  const day = amzDate.slice(0, 8)
  const covered = ['x-amz-algorithm', 'x-amz-credential', 'x-amz-date', ...Object.keys(extra)]
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(Date.now() + 600_000).toISOString(),
      conditions: [{ bucket: BUCKET }, { key }, ...covered.map((f) => ['starts-with', `$${f}`, ''])],
    }),
  ).toString('base64')
  const signingKey = deriveSigningKey(nodeCrypto, ROOT.secretKey, day, 'us-east-1')
  const fields: Record<string, string> = {
    key,
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': `${ROOT.accessKey}/${day}/us-east-1/s3/aws4_request`,
    'x-amz-date': amzDate,
    policy,
    'x-amz-signature': computeSignature(nodeCrypto, signingKey, policy),
    ...extra,
  }
  const parts = Object.entries(fields).map(
    ([n, v]) => `--B\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`,
  )
  const file =
    '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--B--\r\n'
  const url = new URL(`/${BUCKET}`, server.url)
  const body = Buffer.from(parts.join('') + file)
  return send(url, 'POST', { host: url.host, 'content-type': 'multipart/form-data; boundary=B' }, body)
}

describe('POST Object metadata that is no valid HTTP header', () => {
  it.each([
    ['content-type', { 'Content-Type': '€' }],
    ['cache-control', { 'Cache-Control': 'max-age=1\u0001' }],
    ['x-amz-meta-note', { 'x-amz-meta-note': 'a\u0001b' }],
    ['x-amz-meta-a b', { 'x-amz-meta-a b': 'v' }],
  ])('%s: InvalidArgument, nothing stored', async (name, extra) => {
    const key = `bad-${name.replace(/\W/g, '')}`
    const res = await postForm(key, extra)
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidArgument')
    expect(xmlField(res.text, 'ArgumentName')).toBe(name)
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/${key}`)).status).toBe(404)
  })

  it('latin-1 text and a valid Content-Type are stored and served back', async () => {
    const res = await postForm('good', {
      'Content-Type': 'text/plain; charset=utf-8',
      'x-amz-meta-note': 'caf\u00e9',
    })
    expect(res.status).toBe(204)
    const got = await s3(server.url, 'GET', `/${BUCKET}/good`)
    expect(got.status).toBe(200)
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8')
  })
})
