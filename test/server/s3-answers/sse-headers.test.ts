/**
 * Server-side encryption headers as S3 checks them (issue 15): where each family may be sent,
 * SSE-C only over TLS, the SSE-C triple's form (S3's codes, messages and argument names, never
 * the key echoed), SSE-KMS refused with 501 naming it. Every refused write stores nothing. Before
 * issue 15, every encryption header was 501 (Silo did not encrypt).
 */
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { postForm } from '../helpers/post-form.js'
import { s3, type TestResponse, xmlField } from '../helpers/signed-request.js'
import { startTestServer, type TestServer } from '../helpers/test-server.js'
import { createSelfSigned, type SelfSigned } from '../tls/self-signed.js'

const BUCKET = 'sse-headers'
const KEY = randomBytes(32)
const KEY_B64 = KEY.toString('base64')
const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('base64')
const ALGORITHM = 'x-amz-server-side-encryption-customer-algorithm'
const CUSTOMER_KEY = 'x-amz-server-side-encryption-customer-key'
const DIGEST = 'x-amz-server-side-encryption-customer-key-md5'
const SSE_C = { [ALGORITHM]: 'AES256', [CUSTOMER_KEY]: KEY_B64, [DIGEST]: md5(KEY) }
const COPY_SSE_C = {
  'x-amz-copy-source-server-side-encryption-customer-algorithm': 'AES256',
  'x-amz-copy-source-server-side-encryption-customer-key': KEY_B64,
  'x-amz-copy-source-server-side-encryption-customer-key-md5': md5(KEY),
}
const SECURE_ONLY =
  'Requests specifying Server Side Encryption with Customer provided keys must be made over a secure connection.'

function errorOf(res: TestResponse) {
  return {
    status: res.status,
    code: xmlField(res.text, 'Code'),
    message: xmlField(res.text, 'Message'),
    argument: xmlField(res.text, 'ArgumentName'),
    value: xmlField(res.text, 'ArgumentValue'),
  }
}

describe.each(BACKENDS)('encryption headers over plain HTTP (%s)', (_name, start) => {
  let server: TestServer
  let uploadId: string
  beforeAll(async () => {
    server = await start()
    expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
    expect((await s3(server.url, 'PUT', `/${BUCKET}/plain.txt`, { body: 'plain' })).status).toBe(200)
    const created = await s3(server.url, 'POST', `/${BUCKET}/mp.txt?uploads`)
    uploadId = xmlField(created.text, 'UploadId') as string
  })
  afterAll(() => server.stop())

  it('a customer key (SSE-C or a copy source’s) over plain HTTP: 400 InvalidRequest, nothing stored, key not echoed', async () => {
    const requests: Array<[string, string, Record<string, string>]> = [
      ['PUT', `/${BUCKET}/secret.txt`, SSE_C],
      ['GET', `/${BUCKET}/plain.txt`, SSE_C],
      ['HEAD', `/${BUCKET}/plain.txt`, SSE_C],
      ['PUT', `/${BUCKET}/secret.txt`, { 'x-amz-copy-source': `/${BUCKET}/plain.txt`, ...SSE_C }],
      ['PUT', `/${BUCKET}/secret.txt`, { 'x-amz-copy-source': `/${BUCKET}/plain.txt`, ...COPY_SSE_C }],
      ['POST', `/${BUCKET}/secret.txt?uploads`, SSE_C],
      ['PUT', `/${BUCKET}/mp.txt?uploadId=${uploadId}&partNumber=1`, SSE_C],
    ]
    for (const [method, target, headers] of requests) {
      const res = await s3(server.url, method, target, { headers, body: method === 'PUT' ? 'x' : undefined })
      expect(res.status, `${method} ${target}`).toBe(400)
      if (method !== 'HEAD') {
        expect(errorOf(res), `${method} ${target}`).toMatchObject({
          code: 'InvalidRequest',
          message: SECURE_ONLY,
        })
      }
      expect(res.text).not.toContain(KEY_B64)
    }
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/secret.txt`)).status).toBe(404)
    const form = await postForm(server, BUCKET, 'form.txt', SSE_C)
    expect(errorOf(form)).toMatchObject({ status: 400, code: 'InvalidRequest', message: SECURE_ONLY })
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/form.txt`)).status).toBe(404)
  })

  it('SSE-KMS (aws:kms, aws:kms:dsse): 501 NotImplemented naming SSE-KMS, nothing stored', async () => {
    for (const method of ['aws:kms', 'aws:kms:dsse']) {
      const headers = {
        'x-amz-server-side-encryption': method,
        'x-amz-server-side-encryption-aws-kms-key-id': 'k1',
      }
      const put = errorOf(await s3(server.url, 'PUT', `/${BUCKET}/kms.txt`, { body: 'x', headers }))
      expect(put).toMatchObject({ status: 501, code: 'NotImplemented' })
      expect(put.message).toContain('SSE-KMS')
      const create = await s3(server.url, 'POST', `/${BUCKET}/kms.txt?uploads`, { headers })
      expect(errorOf(create)).toMatchObject({ status: 501, code: 'NotImplemented' })
    }
    const form = await postForm(server, BUCKET, 'kms.txt', { 'x-amz-server-side-encryption': 'aws:kms' })
    expect(errorOf(form)).toMatchObject({ status: 501, code: 'NotImplemented' })
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/kms.txt`)).status).toBe(404)
  })

  it('malformed SSE-S3/KMS headers: 400 InvalidArgument with S3’s message and argument', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ 'x-amz-server-side-encryption': 'AES128' }, 'x-amz-server-side-encryption', 'AES128'],
      [
        { 'x-amz-server-side-encryption-aws-kms-key-id': 'k1' },
        'x-amz-server-side-encryption-aws-kms-key-id',
        'k1',
      ],
      [
        { 'x-amz-server-side-encryption': 'AES256', 'x-amz-server-side-encryption-context': 'e30=' },
        'x-amz-server-side-encryption-context',
        'e30=',
      ],
      [
        {
          'x-amz-server-side-encryption': 'AES256',
          'x-amz-server-side-encryption-bucket-key-enabled': 'yes',
        },
        'x-amz-server-side-encryption-bucket-key-enabled',
        'yes',
      ],
    ]
    for (const [headers, argument, value] of cases) {
      const res = await s3(server.url, 'PUT', `/${BUCKET}/bad.txt`, { body: 'x', headers })
      expect(errorOf(res), JSON.stringify(headers)).toMatchObject({
        status: 400,
        code: 'InvalidArgument',
        argument,
        value,
      })
    }
    const unknown = errorOf(
      await s3(server.url, 'PUT', `/${BUCKET}/bad.txt`, {
        body: 'x',
        headers: { 'x-amz-server-side-encryption': 'rot13' },
      }),
    )
    expect(unknown.message).toBe('The encryption method specified is not supported')
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/bad.txt`)).status).toBe(404)
  })

  it('an encryption header on an operation S3 does not take it on: 400 InvalidArgument, not ignored', async () => {
    const sse = { 'x-amz-server-side-encryption': 'AES256' }
    const cases: Array<[string, string, Record<string, string>, string]> = [
      ['GET', `/${BUCKET}/plain.txt`, sse, 'x-amz-server-side-encryption'],
      ['HEAD', `/${BUCKET}/plain.txt`, sse, 'x-amz-server-side-encryption'],
      ['PUT', `/${BUCKET}/mp.txt?uploadId=${uploadId}&partNumber=1`, sse, 'x-amz-server-side-encryption'],
      ['DELETE', `/${BUCKET}/plain.txt`, SSE_C, ALGORITHM],
      ['GET', `/${BUCKET}?list-type=2`, sse, 'x-amz-server-side-encryption'],
      [
        'PUT',
        `/${BUCKET}/other.txt`,
        COPY_SSE_C,
        'x-amz-copy-source-server-side-encryption-customer-algorithm',
      ],
    ]
    for (const [method, target, headers, argument] of cases) {
      const res = await s3(server.url, method, target, { headers, body: method === 'PUT' ? 'x' : undefined })
      expect(res.status, `${method} ${target}`).toBe(400)
      if (method !== 'HEAD') {
        expect(errorOf(res), `${method} ${target}`).toMatchObject({
          code: 'InvalidArgument',
          message: `${argument} header is not supported for this operation.`,
          argument,
        })
      }
      expect(res.text).not.toContain(KEY_B64)
    }
    // The object the DELETE named is still there, and the refused PUT stored nothing.
    const kept = await s3(server.url, 'GET', `/${BUCKET}/plain.txt`)
    expect(kept.text, kept.text).toBe('plain')
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/other.txt`)).status).toBe(404)
  })

  it('S3 Bucket Keys with SSE-S3 change nothing: the header is not refused for that reason', async () => {
    // SSE-S3 itself needs the encrypting layer; what matters here is that the flag passes the
    // header checks (a server without a master key answers KMSNotConfigured, not a header error).
    const res = await s3(server.url, 'PUT', `/${BUCKET}/bucket-key.txt`, {
      body: 'x',
      headers: {
        'x-amz-server-side-encryption': 'AES256',
        'x-amz-server-side-encryption-bucket-key-enabled': 'true',
      },
    })
    expect(['200', 'KMSNotConfigured']).toContain(res.status === 200 ? '200' : xmlField(res.text, 'Code'))
  })
})

describe.each([
  ['single drive', 1],
  ['erasure, 4 drives', 4],
] as const)('SSE-C header checks over HTTPS (%s)', (_name, drives) => {
  let certs: SelfSigned
  let server: TestServer
  beforeAll(async () => {
    certs = createSelfSigned()
    server = await startTestServer({
      drives,
      tls: { cert: certs.cert, key: certs.key },
      kmsSecretKey: `test:${randomBytes(32).toString('base64')}`,
    })
    expect(server.url.startsWith('https://')).toBe(true)
    expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
  })
  afterAll(async () => {
    await server.stop()
    certs.remove()
  })

  it('a malformed SSE-C triple: S3’s code, message and argument; nothing stored; the key never echoed', async () => {
    const provide = 'Requests specifying Server Side Encryption with Customer provided keys must provide '
    const { [ALGORITHM]: _a, ...noAlgorithm } = SSE_C
    const { [DIGEST]: _d, ...noDigest } = SSE_C
    const { [CUSTOMER_KEY]: _k, ...noKey } = SSE_C
    const short = randomBytes(16)
    const cases: Array<[string, Record<string, string>, Partial<ReturnType<typeof errorOf>>]> = [
      [
        'no algorithm',
        noAlgorithm,
        {
          code: 'InvalidArgument',
          message: `${provide}a valid encryption algorithm.`,
          argument: ALGORITHM,
          value: 'null',
        },
      ],
      [
        'AES128',
        { ...SSE_C, [ALGORITHM]: 'AES128' },
        { code: 'InvalidEncryptionAlgorithmError', argument: ALGORITHM, value: 'AES128' },
      ],
      [
        'no key',
        noKey,
        {
          code: 'InvalidArgument',
          message: `${provide}an appropriate secret key.`,
          argument: CUSTOMER_KEY,
          value: 'null',
        },
      ],
      [
        'no key MD5',
        noDigest,
        {
          code: 'InvalidArgument',
          message: `${provide}the client calculated MD5 of the secret key.`,
          argument: DIGEST,
          value: 'null',
        },
      ],
      [
        'another MD5',
        { ...SSE_C, [DIGEST]: md5('other') },
        {
          code: 'InvalidArgument',
          message: 'The calculated MD5 hash of the key did not match the hash that was provided.',
          argument: DIGEST,
          value: md5('other'),
        },
      ],
      [
        'a 16-byte key',
        { ...SSE_C, [CUSTOMER_KEY]: short.toString('base64'), [DIGEST]: md5(short) },
        {
          code: 'InvalidArgument',
          message: 'The secret key was invalid for the specified algorithm.',
          argument: CUSTOMER_KEY,
          value: '',
        },
      ],
      [
        'a key that is not base64',
        { ...SSE_C, [CUSTOMER_KEY]: `${KEY_B64.slice(0, 42)}!=` },
        { code: 'InvalidArgument', argument: CUSTOMER_KEY, value: '' },
      ],
      [
        'SSE-C with SSE-S3',
        { ...SSE_C, 'x-amz-server-side-encryption': 'AES256' },
        {
          code: 'InvalidArgument',
          message:
            'Server Side Encryption with Customer provided key is incompatible with the encryption method specified',
          argument: 'x-amz-server-side-encryption',
          value: 'AES256',
        },
      ],
    ]
    for (const [what, headers, expected] of cases) {
      const res = await s3(server.url, 'PUT', `/${BUCKET}/new.txt`, { body: 'hello', headers })
      expect(errorOf(res), what).toMatchObject({ status: 400, ...expected })
      expect(res.text, what).not.toContain(KEY_B64)
    }
    const copySource = await s3(server.url, 'PUT', `/${BUCKET}/new.txt`, {
      headers: {
        'x-amz-copy-source': `/${BUCKET}/new.txt`,
        ...COPY_SSE_C,
        'x-amz-copy-source-server-side-encryption-customer-key-md5': md5('other'),
      },
    })
    expect(errorOf(copySource)).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
      argument: 'x-amz-copy-source-server-side-encryption-customer-key-md5',
    })
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/new.txt`)).status).toBe(404)
  })
  it('POST Object form fields: SSE-C and SSE-S3 honoured, the bucket default applied to a form that asks nothing', async () => {
    const ssec = await postForm(server, BUCKET, 'form-c.txt', SSE_C)
    expect(ssec.status, ssec.text).toBe(204)
    expect(ssec.headers['x-amz-server-side-encryption-customer-key-md5']).toBe(md5(KEY))
    expect((await s3(server.url, 'GET', `/${BUCKET}/form-c.txt`, { headers: SSE_C })).text).toBe('hello')
    expect(errorOf(await s3(server.url, 'GET', `/${BUCKET}/form-c.txt`))).toMatchObject({
      status: 400,
      code: 'InvalidRequest',
    })
    const sse = await postForm(server, BUCKET, 'form-s3.txt', { 'x-amz-server-side-encryption': 'AES256' })
    expect([sse.status, sse.headers['x-amz-server-side-encryption']]).toEqual([204, 'AES256'])
    const plain = await postForm(server, BUCKET, 'form-plain.txt', {})
    expect([plain.status, plain.headers['x-amz-server-side-encryption']]).toEqual([204, undefined])
    const config =
      '<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>AES256</SSEAlgorithm></ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>'
    expect((await s3(server.url, 'PUT', `/${BUCKET}?encryption`, { body: config })).status).toBe(200)
    const defaulted = await postForm(server, BUCKET, 'form-default.txt', {})
    expect([defaulted.status, defaulted.headers['x-amz-server-side-encryption']]).toEqual([204, 'AES256'])
    const head = await s3(server.url, 'HEAD', `/${BUCKET}/form-default.txt`)
    expect(head.headers['x-amz-server-side-encryption']).toBe('AES256')
    // A copy that asks nothing gets the default too; one onto itself that asks SSE-C is allowed.
    const copied = await s3(server.url, 'PUT', `/${BUCKET}/copied.txt`, {
      headers: { 'x-amz-copy-source': `/${BUCKET}/form-plain.txt` },
    })
    expect([copied.status, copied.headers['x-amz-server-side-encryption']]).toEqual([200, 'AES256'])
    const rekeyed = await s3(server.url, 'PUT', `/${BUCKET}/copied.txt`, {
      headers: { 'x-amz-copy-source': `/${BUCKET}/copied.txt`, ...SSE_C },
    })
    expect(rekeyed.status, rekeyed.text).toBe(200)
    expect((await s3(server.url, 'GET', `/${BUCKET}/copied.txt`, { headers: SSE_C })).text).toBe('hello')
    expect((await s3(server.url, 'DELETE', `/${BUCKET}?encryption`)).status).toBe(204)
  })
})
