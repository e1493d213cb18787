/**
 * The SDK's server-side encryption wire shapes (issue 15): putObject metadata passes the SSE
 * headers through unchanged (not as x-amz-meta-*), a multipart SSE-C upload sends the key on
 * every part and SSE-S3 only on the create, statObject sends SSE-C as headers, and the bucket
 * encryption methods speak minio-js's requests in both callback and Promise forms.
 */
import { createHash, randomBytes } from 'node:crypto'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { EncryptionConfig } from '../../src/index.js'
import { fakeMultipart } from './support/fake-multipart.js'
import { MOCK_BASE, mockClient, useMockServer, xmlResponse } from './support/msw.js'

const { server, seen } = useMockServer()
const MiB = 1024 * 1024
const KEY = randomBytes(32)
const SSE_C = {
  'X-Amz-Server-Side-Encryption-Customer-Algorithm': 'AES256',
  'X-Amz-Server-Side-Encryption-Customer-Key': KEY.toString('base64'),
  'X-Amz-Server-Side-Encryption-Customer-Key-MD5': createHash('md5').update(KEY).digest('base64'),
}
const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
const headersOf = (r: { headers: Headers }, names: string[]) =>
  Object.fromEntries(names.map((n) => [n, r.headers.get(n)]))

let fake: ReturnType<typeof fakeMultipart>
beforeEach(() => {
  fake = fakeMultipart(MOCK_BASE, 'vault')
  server.use(...fake.handlers)
})

describe('SSE on putObject / fPutObject metadata', () => {
  it('a single PUT sends X-Amz-Server-Side-Encryption and the SSE-C triple as they are, not as x-amz-meta-*', async () => {
    server.use(
      http.put(`${MOCK_BASE}/vault/a.txt`, () => new HttpResponse(null, { headers: { etag: '"e"' } })),
    )
    await mockClient().putObject('vault', 'a.txt', 'hello', undefined, {
      'X-Amz-Server-Side-Encryption': 'AES256',
    })
    await mockClient().putObject('vault', 'a.txt', 'hello', undefined, SSE_C)
    const [sse, ssec] = seen
    expect(sse!.headers.get('x-amz-server-side-encryption')).toBe('AES256')
    expect(headersOf(ssec!, Object.keys(lower(SSE_C)))).toEqual(lower(SSE_C))
    for (const r of seen) expect([...r.headers.keys()].filter((k) => k.startsWith('x-amz-meta-'))).toEqual([])
  })

  it('multipart SSE-C: the key goes on the create and on every part; SSE-S3 only on the create', async () => {
    const data = randomBytes(11 * MiB)
    await mockClient().putObject('vault', 'big-c', data, undefined, SSE_C, { partSize: 5 * MiB })
    const names = Object.keys(lower(SSE_C))
    const create = seen.find((r) => r.method === 'POST' && r.url.searchParams.has('uploads'))
    expect(headersOf(create!, names)).toEqual(lower(SSE_C))
    const parts = seen.filter((r) => r.method === 'PUT' && r.url.searchParams.has('partNumber'))
    expect(parts).toHaveLength(3)
    for (const part of parts) expect(headersOf(part, names)).toEqual(lower(SSE_C))

    seen.length = 0
    await mockClient().putObject(
      'vault',
      'big-s3',
      data,
      undefined,
      { 'x-amz-server-side-encryption': 'AES256' },
      {
        partSize: 5 * MiB,
      },
    )
    const create2 = seen.find((r) => r.method === 'POST' && r.url.searchParams.has('uploads'))
    expect(create2!.headers.get('x-amz-server-side-encryption')).toBe('AES256')
    const parts2 = seen.filter((r) => r.method === 'PUT' && r.url.searchParams.has('partNumber'))
    expect(parts2).toHaveLength(3)
    for (const part of parts2) expect(part.headers.get('x-amz-server-side-encryption')).toBeNull()
  })
})

describe('SSE-C on reads', () => {
  it('statObject sends SSE-C statOpts as headers (never in the query) and reports the SSE headers in metaData', async () => {
    server.use(
      http.head(
        `${MOCK_BASE}/vault/a.txt`,
        () =>
          new HttpResponse(null, {
            headers: {
              'content-length': '5',
              etag: '"x"',
              'last-modified': 'Tue, 24 Nov 2026 12:00:00 GMT',
              'x-amz-server-side-encryption-customer-algorithm': 'AES256',
              'x-amz-server-side-encryption-customer-key-md5':
                SSE_C['X-Amz-Server-Side-Encryption-Customer-Key-MD5'],
            },
          }),
      ),
    )
    const stat = await mockClient().statObject('vault', 'a.txt', {
      SSECustomerAlgorithm: 'AES256',
      SSECustomerKey: SSE_C['X-Amz-Server-Side-Encryption-Customer-Key'],
      SSECustomerKeyMD5: SSE_C['X-Amz-Server-Side-Encryption-Customer-Key-MD5'],
    })
    expect(headersOf(seen[0]!, Object.keys(lower(SSE_C)))).toEqual(lower(SSE_C))
    expect(seen[0]!.url.search).toBe('')
    expect(stat.metaData['x-amz-server-side-encryption-customer-algorithm']).toBe('AES256')
    await expect(
      mockClient().statObject('vault', 'a.txt', { SSECustomerKey: 42 as unknown as string }),
    ).rejects.toThrow(/statOpts.SSECustomerKey/)
  })
})

describe('bucket encryption', () => {
  const CONFIG =
    '<ServerSideEncryptionConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>AES256</SSEAlgorithm></ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>'
  const DEFAULT_BODY =
    '<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>AES256</SSEAlgorithm></ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>'

  it('setBucketEncryption with no config sends the AES256 rule with its Content-MD5 (Promise and callback)', async () => {
    server.use(http.put(`${MOCK_BASE}/vault`, () => new HttpResponse(null)))
    await mockClient().setBucketEncryption('vault')
    await new Promise<void>((resolve, reject) =>
      // An empty object, as minio-js code passes it (lodash isEmpty): the default rule.
      mockClient().setBucketEncryption('vault', {} as EncryptionConfig, (err: Error | null) =>
        err ? reject(err) : resolve(),
      ),
    )
    await mockClient().setBucketEncryption('vault', {
      Rule: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    })
    expect(seen).toHaveLength(3)
    for (const r of seen) {
      expect(r.url.search).toBe('?encryption=')
      const body = await r.body
      expect(Buffer.from(body).toString()).toBe(DEFAULT_BODY)
      expect(r.headers.get('content-md5')).toBe(createHash('md5').update(body).digest('base64'))
    }
  })

  it('setBucketEncryption refuses two rules before sending anything', async () => {
    const rule = { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }
    await expect(mockClient().setBucketEncryption('vault', { Rule: [rule, rule] })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
    })
    expect(seen).toHaveLength(0)
  })

  it('getBucketEncryption resolves with the document under its root name; removeBucketEncryption DELETEs', async () => {
    server.use(
      http.get(`${MOCK_BASE}/vault`, () => xmlResponse(CONFIG)),
      http.delete(`${MOCK_BASE}/vault`, () => new HttpResponse(null, { status: 204 })),
    )
    expect(await mockClient().getBucketEncryption('vault')).toEqual({
      ServerSideEncryptionConfiguration: {
        Rule: { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
      },
    })
    const viaCallback = await new Promise((resolve, reject) =>
      mockClient().getBucketEncryption('vault', (err, info) => (err ? reject(err) : resolve(info))),
    )
    expect(viaCallback).toEqual(await mockClient().getBucketEncryption('vault'))
    await mockClient().removeBucketEncryption('vault')
    const del = seen.find((r) => r.method === 'DELETE')
    expect(del!.url.search).toBe('?encryption=')
  })

  it('an answer of ServerSideEncryptionConfigurationNotFoundError rejects with that S3Error code', async () => {
    server.use(
      http.get(`${MOCK_BASE}/vault`, () =>
        xmlResponse(
          '<Error><Code>ServerSideEncryptionConfigurationNotFoundError</Code><Message>none</Message></Error>',
          404,
        ),
      ),
    )
    await expect(mockClient().getBucketEncryption('vault')).rejects.toMatchObject({
      code: 'ServerSideEncryptionConfigurationNotFoundError',
      statusCode: 404,
    })
  })
})
