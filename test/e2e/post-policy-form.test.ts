/**
 * Browser form uploads (POST Object) end to end: a policy signed by the SDK, a multipart form
 * sent with plain fetch. Every violated condition is refused with a clear error and stores nothing.
 */
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client, NotificationRecord, PostPolicy } from '../../src/index.js'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { deriveSigningKey } from '../../src/shared/sigv4/signing-key.js'
import { errorCode } from './helpers/raw-request.js'
import { siloRootClient } from './helpers/root-clients.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from './helpers/server.js'

let server: RunningServer
// S3's form variable, written out literally in the key field.
const FILENAME = '$' + '{filename}'
let client: Client
const bucket = 'post-e2e'

beforeAll(async () => {
  server = await startServer()
  client = siloRootClient(server, { region: 'us-east-1' })
  await client.makeBucket(bucket)
})
afterAll(() => server.stop())

function newPolicy(configure: (p: PostPolicy) => void = () => {}): PostPolicy {
  const policy = client.newPostPolicy()
  policy.setBucket(bucket)
  policy.setExpires(new Date(Date.now() + 600_000))
  configure(policy)
  return policy
}

async function post(
  fields: Record<string, string>,
  file: Blob | null = new Blob(['hello form']),
  filename = 'hello.txt',
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) form.append('file', file, filename)
  const res = await fetch(`${server.url}/${bucket}`, { method: 'POST', body: form, redirect: 'manual' })
  const body = await res.text()
  return { status: res.status, headers: res.headers, body, code: errorCode(body) }
}

async function exists(key: string): Promise<boolean> {
  return client.statObject(bucket, key).then(
    () => true,
    (e: { code?: string }) => (e.code === 'NotFound' ? false : Promise.reject(e)),
  )
}

describe('POST Object with a signed policy', () => {
  it('stores the file with its Content-Type and metadata, answering 204 with the ETag', async () => {
    const policy = newPolicy((p) => {
      p.setKey('form/one.txt')
      p.setContentType('text/plain')
      p.setUserMetaData({ owner: 'ada' })
    })
    const { postURL, formData } = await client.presignedPostPolicy(policy)
    expect(postURL).toBe(`${server.url}/${bucket}`)
    const res = await post(formData)
    expect(res.status).toBe(204)
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    const stat = await client.statObject(bucket, 'form/one.txt')
    expect(stat.size).toBe('hello form'.length)
    expect(stat.metaData).toMatchObject({ 'content-type': 'text/plain', owner: 'ada' })
  })

  it('fills the filename variable under a key prefix and answers 201 with a PostResponse', async () => {
    const policy = newPolicy((p) => {
      p.setKeyStartsWith('uploads/')
      p.setSuccessActionStatus(201)
    })
    const { formData } = await client.presignedPostPolicy(policy)
    const res = await post(
      { ...formData, key: `uploads/${FILENAME}` },
      new Blob(['x']),
      'C:\\docs\\report.pdf',
    )
    expect(res.status).toBe(201)
    expect(res.body).toContain('<Key>uploads/report.pdf</Key>')
    expect(res.body).toMatch(/<ETag>(&quot;|")[0-9a-f]{32}(&quot;|")<\/ETag>/)
    expect(await exists('uploads/report.pdf')).toBe(true)
  })

  it('redirects (303) to success_action_redirect with bucket, key and ETag', async () => {
    const policy = newPolicy((p) => {
      p.setKey('form/redirected.txt')
      p.setSuccessActionRedirect('https://app.example.com/done?x=1')
    })
    const res = await post((await client.presignedPostPolicy(policy)).formData)
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('location')!)
    expect(location.origin + location.pathname).toBe('https://app.example.com/done')
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      x: '1',
      bucket,
      key: 'form/redirected.txt',
    })
  })

  it('publishes s3:ObjectCreated:Post with the form’s access key as principal', async () => {
    const listener = client.listenBucketNotification(bucket, 'events/', '', ['s3:ObjectCreated:*'])
    const record = new Promise<NotificationRecord>((resolve) => listener.on('notification', resolve))
    try {
      await new Promise((r) => setTimeout(r, 300))
      const { formData } = await client.presignedPostPolicy(newPolicy((p) => p.setKey('events/posted.txt')))
      expect((await post(formData)).status).toBe(204)
      const got = await record
      expect(got.eventName).toBe('s3:ObjectCreated:Post')
      expect(got.s3.object.key).toBe('events%2Fposted.txt')
      expect(got.userIdentity).toEqual({ principalId: ROOT_USER })
    } finally {
      listener.stop()
    }
  })

  it('streams a multi-MiB file into storage', async () => {
    const policy = newPolicy((p) => {
      p.setKey('form/big.bin')
      p.setContentLengthRange(1, 16 * 1024 * 1024)
    })
    const data = new Uint8Array(9 * 1024 * 1024).map((_, i) => i % 251)
    const res = await post((await client.presignedPostPolicy(policy)).formData, new Blob([data]))
    expect(res.status).toBe(204)
    expect((await client.statObject(bucket, 'form/big.bin')).size).toBe(data.length)
  })

  it('signs the same policy twice into two valid forms (no duplicated conditions)', async () => {
    const policy = newPolicy((p) => p.setKey('form/twice.txt'))
    const first = await client.presignedPostPolicy(policy)
    const second = await client.presignedPostPolicy(policy)
    const conditions = JSON.parse(atob(second.formData.policy!)).conditions as unknown[][]
    expect(conditions.filter((c) => c[1] === '$x-amz-date')).toHaveLength(1)
    expect((await post(first.formData)).status).toBe(204)
    expect((await post(second.formData)).status).toBe(204)
  })
})

describe('POST Object refusals store nothing', () => {
  const cases: Array<
    [string, (p: PostPolicy) => void, Record<string, string>, Blob | undefined, string, RegExp]
  > = [
    [
      'an expired policy',
      (p) => p.setExpires(new Date(Date.now() - 1000)),
      {},
      undefined,
      'AccessDenied',
      /Policy expired/,
    ],
    [
      'a key other than the eq condition',
      (p) => p.setKey('form/allowed.txt'),
      { key: 'form/refused.txt' },
      undefined,
      'AccessDenied',
      /\$key/,
    ],
    [
      'a key outside the prefix',
      (p) => p.setKeyStartsWith('inbox/'),
      { key: 'form/refused.txt' },
      undefined,
      'AccessDenied',
      /starts-with/,
    ],
    [
      'a different Content-Type',
      (p) => p.setContentType('image/png'),
      { 'Content-Type': 'text/html' },
      undefined,
      'AccessDenied',
      /Content-Type/i,
    ],
    [
      'a metadata value other than signed',
      (p) => p.setUserMetaData({ owner: 'ada' }),
      { 'x-amz-meta-owner': 'eve' },
      undefined,
      'AccessDenied',
      /x-amz-meta-owner/,
    ],
    [
      'a field the policy does not cover',
      () => {},
      { 'x-amz-meta-sneaky': '1' },
      undefined,
      'AccessDenied',
      /Extra input fields: x-amz-meta-sneaky/,
    ],
    [
      'a file over the maximum',
      (p) => p.setContentLengthRange(1, 5),
      {},
      new Blob(['123456']),
      'EntityTooLarge',
      /5 bytes/,
    ],
    [
      'a file under the minimum',
      (p) => p.setContentLengthRange(100, 200),
      {},
      new Blob(['tiny']),
      'EntityTooSmall',
      /100 bytes/,
    ],
  ]
  for (const [name, configure, override, file, code, message] of cases) {
    it(`refuses ${name}: ${code}`, async () => {
      const policy = newPolicy((p) => {
        p.setKey('form/refused.txt')
        configure(p)
      })
      const { formData } = await client.presignedPostPolicy(policy)
      const res = await post({ key: 'form/refused.txt', ...formData, ...override }, file)
      expect({ status: res.status, code: res.code }).toEqual({
        status: code === 'AccessDenied' ? 403 : 400,
        code,
      })
      expect(res.body).toMatch(message)
      expect(await exists('form/refused.txt')).toBe(false)
    })
  }

  it('refuses a tampered policy or signature: SignatureDoesNotMatch', async () => {
    const { formData } = await client.presignedPostPolicy(newPolicy((p) => p.setKey('form/refused.txt')))
    const widened = btoa(atob(formData.policy!).replace('form/refused.txt', 'form/other.txt'))
    const tampered: Array<Record<string, string>> = [
      { policy: widened, key: 'form/other.txt' },
      { 'x-amz-signature': '0'.repeat(64) },
    ]
    for (const fields of tampered) {
      const res = await post({ ...formData, ...fields })
      expect({ status: res.status, code: res.code }).toEqual({ status: 403, code: 'SignatureDoesNotMatch' })
    }
    expect(await exists('form/refused.txt')).toBe(false)
    expect(await exists('form/other.txt')).toBe(false)
  })

  it('refuses a correctly signed but malformed policy: InvalidPolicyDocument', async () => {
    const { formData } = await client.presignedPostPolicy(newPolicy((p) => p.setKey('form/refused.txt')))
    const policy = btoa(JSON.stringify({ expiration: 'soon', conditions: [] }))
    const [, date, region] = formData['x-amz-credential']!.split('/')
    const key = deriveSigningKey(nodeCrypto, ROOT_PASSWORD, date!, region!)
    const signature = createHmac('sha256', key).update(policy).digest('hex')
    const res = await post({ ...formData, policy, 'x-amz-signature': signature })
    expect({ status: res.status, code: res.code }).toEqual({ status: 400, code: 'InvalidPolicyDocument' })
    expect(res.body).toContain('expiration')
  })

  it('refuses a form without a file (MalformedPOSTRequest) and an unsigned form (AccessDenied)', async () => {
    const { formData } = await client.presignedPostPolicy(newPolicy((p) => p.setKey('form/refused.txt')))
    expect((await post(formData, null)).code).toBe('MalformedPOSTRequest')
    const anonymous = await post({ key: 'form/refused.txt' })
    expect({ status: anonymous.status, code: anonymous.code }).toEqual({ status: 403, code: 'AccessDenied' })
    expect(await exists('form/refused.txt')).toBe(false)
  })
})
