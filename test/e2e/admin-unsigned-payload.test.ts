/**
 * The seed's admin call (SEED.md, "Admin HTTP call shown" and "Authentication"): `GET
 * /silo/admin/v1/info` signed with `SignedHeaders=host;x-amz-content-sha256;x-amz-date`,
 * `X-Amz-Content-Sha256: UNSIGNED-PAYLOAD` and `Accept-Encoding: gzip`. Without a body that is
 * accepted; a request that carries a body must still sign its SHA-256.
 */
import { request as httpRequest } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { encryptAdminBody } from '../../src/shared/admin-crypto/index.js'
import { formatAmzDate, signRequest, UNSIGNED_PAYLOAD } from '../../src/shared/sigv4/index.js'
import { type AdminHarness, ROOT, startAdminHarness } from '../sdk/admin/admin-harness.js'

let h: AdminHarness
beforeAll(async () => {
  h = await startAdminHarness()
})
afterAll(() => h.stop())

interface SeedCall {
  method?: string
  path?: string
  body?: Buffer
  /** Extra headers sent but not signed (as the seed's Accept-Encoding). */
  unsigned?: Record<string, string>
  secretKey?: string
}

/** Sends a request signed exactly as the seed shows: three signed headers, UNSIGNED-PAYLOAD. */
function seedCall(call: SeedCall = {}) {
  const { method = 'GET', path = '/silo/admin/v1/info' } = call
  const url = new URL(h.url)
  const date = new Date()
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-content-sha256': UNSIGNED_PAYLOAD,
    'x-amz-date': formatAmzDate(date),
  }
  const { authorization } = signRequest(
    nodeCrypto,
    { method, path, headers },
    {
      accessKey: ROOT.accessKey,
      secretKey: call.secretKey ?? ROOT.secretKey,
      region: 'us-east-1',
      date,
      signedHeaders: ['host', 'x-amz-content-sha256', 'x-amz-date'],
    },
  )
  expect(authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
  )
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          method,
          hostname: url.hostname,
          port: url.port,
          path,
          headers: { ...headers, authorization, 'accept-encoding': 'gzip', ...call.unsigned },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            const raw = Buffer.concat(chunks)
            const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8') })
          })
        },
      )
      req.on('error', reject)
      req.end(call.body)
    },
  )
}

describe('the seed admin call with UNSIGNED-PAYLOAD', () => {
  it('GET info without a body answers 200 JSON with the information record', async () => {
    const res = await seedCall()
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.headers['transfer-encoding']).toBe('chunked')
    const [info] = JSON.parse(res.text) as Array<Record<string, unknown>>
    expect(info).toMatchObject({ status: 'success', service: 'on', error: '' })
    expect(info!.server).toMatchObject({ region: 'us-east-1', sqsARN: [] })
  })

  it('is still authenticated: a wrong secret is refused', async () => {
    const res = await seedCall({ secretKey: 'not-the-root-secret' })
    expect(res.status).toBe(403)
    expect(JSON.parse(res.text).Code).toBe('SignatureDoesNotMatch')
  })

  it('a request with a body must sign its SHA-256: UNSIGNED-PAYLOAD with a body is refused, nothing changes', async () => {
    const sealed = await encryptAdminBody(
      ROOT.secretKey,
      JSON.stringify({ secretKey: 'unsigned-user-secret', policy: 'readonly' }),
    )
    const res = await seedCall({
      method: 'PUT',
      path: '/silo/admin/v1/users/unsigned-user',
      body: Buffer.from(sealed),
    })
    expect(res.status).toBe(403)
    const error = JSON.parse(res.text)
    expect(error.Code).toBe('AccessDenied')
    expect(error.Message).toContain('UNSIGNED-PAYLOAD')
    expect(error.Message).toContain('body')
    expect(Object.keys(await h.admin().listUsers())).not.toContain('unsigned-user')
  })

  it('a chunked body under UNSIGNED-PAYLOAD is refused the same way', async () => {
    const res = await seedCall({
      method: 'POST',
      path: '/silo/admin/v1/service/restart',
      body: Buffer.from('{}'),
      unsigned: { 'transfer-encoding': 'chunked' },
    })
    expect(res.status).toBe(403)
    expect(JSON.parse(res.text).Message).toContain('UNSIGNED-PAYLOAD')
  })
})
