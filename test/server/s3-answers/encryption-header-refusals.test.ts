/**
 * Never silently ignore (issue 19): Silo does not encrypt objects, so every server-side
 * encryption header is refused with 501 NotImplemented naming it, and conflicting ones are 400
 * InvalidArgument first. Before, SSE-C headers on PUT were dropped: the object was stored in
 * plaintext and readable without the customer's key.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { postForm } from '../helpers/post-form.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

const BUCKET = 'sse-refusals'
const KEY = randomBytes(32)
const SSE_C = {
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: KEY.toString('base64'),
  SSECustomerKeyMD5: createHash('md5').update(KEY).digest('base64'),
}
const SSE_C_HEADERS = {
  'x-amz-server-side-encryption-customer-algorithm': 'AES256',
  'x-amz-server-side-encryption-customer-key': SSE_C.SSECustomerKey,
  'x-amz-server-side-encryption-customer-key-md5': SSE_C.SSECustomerKeyMD5,
}
const NOT_IMPLEMENTED = { code: 'NotImplemented', status: 501 }

describe.each(BACKENDS)('server-side encryption headers (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
    expect((await s3(server.url, 'PUT', `/${BUCKET}/plain.txt`, { body: 'plain' })).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('PutObject with an SSE-C key: 501, nothing stored', async () => {
    const client = awsClient(server)
    const put = client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'secret.txt', Body: 'secret', ...SSE_C }),
    )
    expect(await failureOf(put)).toEqual(NOT_IMPLEMENTED)
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/secret.txt`)).status).toBe(404)
  })

  it('GetObject, HeadObject, CopyObject (either side), CreateMultipartUpload, UploadPart with SSE-C: 501', async () => {
    const client = awsClient(server)
    const get = client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'plain.txt', ...SSE_C }))
    expect(await failureOf(get)).toEqual(NOT_IMPLEMENTED)
    const head = await failureOf(
      client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'plain.txt', ...SSE_C })),
    )
    expect(head.status).toBe(501)
    const copyTo = client.send(
      new CopyObjectCommand({ Bucket: BUCKET, Key: 'copy.txt', CopySource: `${BUCKET}/plain.txt`, ...SSE_C }),
    )
    expect(await failureOf(copyTo)).toEqual(NOT_IMPLEMENTED)
    const copyFrom = client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'copy.txt',
        CopySource: `${BUCKET}/plain.txt`,
        CopySourceSSECustomerAlgorithm: 'AES256',
        CopySourceSSECustomerKey: SSE_C.SSECustomerKey,
        CopySourceSSECustomerKeyMD5: SSE_C.SSECustomerKeyMD5,
      }),
    )
    expect(await failureOf(copyFrom)).toEqual(NOT_IMPLEMENTED)
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/copy.txt`)).status).toBe(404)
    const create = client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp.txt', ...SSE_C }))
    expect(await failureOf(create)).toEqual(NOT_IMPLEMENTED)
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp.txt' }),
    )
    const part = client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: 'mp.txt', UploadId, PartNumber: 1, Body: 'p', ...SSE_C }),
    )
    expect(await failureOf(part)).toEqual(NOT_IMPLEMENTED)
  })

  it('SSE-S3 and SSE-KMS (x-amz-server-side-encryption): 501, nothing stored', async () => {
    const client = awsClient(server)
    for (const ServerSideEncryption of ['AES256', 'aws:kms'] as const) {
      const put = client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: 'sse.txt', Body: 'x', ServerSideEncryption }),
      )
      expect(await failureOf(put)).toEqual(NOT_IMPLEMENTED)
    }
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/sse.txt`)).status).toBe(404)
  })

  it('raw: the message names the refused headers', async () => {
    const res = await s3(server.url, 'PUT', `/${BUCKET}/raw.txt`, { body: 'x', headers: SSE_C_HEADERS })
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([501, 'NotImplemented'])
    expect(xmlField(res.text, 'Message')).toContain('x-amz-server-side-encryption-customer-key')
    expect(res.text).not.toContain(SSE_C.SSECustomerKey)
  })

  it('conflicting or incomplete encryption headers: 400 InvalidArgument, before NotImplemented', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['SSE-S3 + SSE-C', { 'x-amz-server-side-encryption': 'AES256', ...SSE_C_HEADERS }],
      ['KMS key id without aws:kms', { 'x-amz-server-side-encryption-aws-kms-key-id': 'k1' }],
      [
        'KMS key id with AES256',
        { 'x-amz-server-side-encryption': 'AES256', 'x-amz-server-side-encryption-aws-kms-key-id': 'k1' },
      ],
      ['an unknown method', { 'x-amz-server-side-encryption': 'rot13' }],
      [
        'an SSE-C key without algorithm',
        { 'x-amz-server-side-encryption-customer-key': SSE_C.SSECustomerKey },
      ],
      ['an SSE-C algorithm without key', { 'x-amz-server-side-encryption-customer-algorithm': 'AES256' }],
      [
        'an SSE-C algorithm other than AES256',
        { ...SSE_C_HEADERS, 'x-amz-server-side-encryption-customer-algorithm': 'DES' },
      ],
      [
        'a copy-source SSE-C key without algorithm',
        { 'x-amz-copy-source-server-side-encryption-customer-key': SSE_C.SSECustomerKey },
      ],
    ]
    for (const [what, headers] of cases) {
      const res = await s3(server.url, 'PUT', `/${BUCKET}/conflict.txt`, { body: 'x', headers })
      expect([res.status, xmlField(res.text, 'Code')], what).toEqual([400, 'InvalidArgument'])
      expect(res.text).not.toContain(SSE_C.SSECustomerKey)
    }
    const sdk = awsClient(server).send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'conflict.txt',
        Body: 'x',
        ServerSideEncryption: 'AES256',
        SSEKMSKeyId: 'k1',
      }),
    )
    expect(await failureOf(sdk)).toEqual({ code: 'InvalidArgument', status: 400 })
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/conflict.txt`)).status).toBe(404)
  })

  it('object lock, tagging and website-redirect headers on an object write: 501, nothing stored; a GET ignores them', async () => {
    const client = awsClient(server)
    const inputs = [
      { ObjectLockMode: 'COMPLIANCE' as const, ObjectLockRetainUntilDate: new Date(Date.now() + 86_400_000) },
      { ObjectLockLegalHoldStatus: 'ON' as const },
      { Tagging: 'project=silo' },
      { WebsiteRedirectLocation: '/elsewhere' },
    ]
    for (const input of inputs) {
      const put = client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: 'locked.txt', Body: 'x', ...input }),
      )
      expect(await failureOf(put), JSON.stringify(input)).toEqual(NOT_IMPLEMENTED)
    }
    const copy = client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'locked.txt',
        CopySource: `${BUCKET}/plain.txt`,
        Tagging: 'a=b',
        TaggingDirective: 'REPLACE',
      }),
    )
    expect(await failureOf(copy)).toEqual(NOT_IMPLEMENTED)
    const create = client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'locked.txt', Tagging: 'a=b' }),
    )
    expect(await failureOf(create)).toEqual(NOT_IMPLEMENTED)
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/locked.txt`)).status).toBe(404)
    const form = await postForm(server, BUCKET, 'locked.txt', { 'x-amz-object-lock-legal-hold': 'ON' })
    expect([form.status, xmlField(form.text, 'Code')]).toEqual([501, 'NotImplemented'])
    const get = await s3(server.url, 'GET', `/${BUCKET}/plain.txt`, { headers: { 'x-amz-tagging': 'a=b' } })
    expect(get.status).toBe(200)
  })

  it('POST Object form fields of the same names: 501, nothing stored; a conflict is 400', async () => {
    const refused = await postForm(server, BUCKET, 'form-sse.txt', {
      'x-amz-server-side-encryption': 'AES256',
    })
    expect([refused.status, xmlField(refused.text, 'Code')]).toEqual([501, 'NotImplemented'])
    const ssec = await postForm(server, BUCKET, 'form-sse.txt', SSE_C_HEADERS)
    expect([ssec.status, xmlField(ssec.text, 'Code')]).toEqual([501, 'NotImplemented'])
    const conflict = await postForm(server, BUCKET, 'form-sse.txt', {
      'x-amz-server-side-encryption-aws-kms-key-id': 'k',
    })
    expect([conflict.status, xmlField(conflict.text, 'Code')]).toEqual([400, 'InvalidArgument'])
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/form-sse.txt`)).status).toBe(404)
    // The same form without them stores the file.
    expect((await postForm(server, BUCKET, 'form-sse.txt', {})).status).toBe(204)
  })
})
