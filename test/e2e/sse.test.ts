/**
 * Server-side encryption end to end (issue 15): SSE-C and SSE-S3 objects round-trip over HTTPS
 * through the Silo SDK, minio-js and @aws-sdk/client-s3, whole, by range and multipart (5 MiB
 * parts), on one drive and on an erasure set; a wrong SSE-C key is 403, a missing one 400; a
 * bucket's default encryption applies to writes that ask for none; a copy re-encrypts; and the
 * bytes on disk are never the plaintext (checked against a plaintext control object, so the check
 * itself is shown to find plaintext).
 */
import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { Agent } from 'node:https'
import { join } from 'node:path'
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  GetObjectAttributesCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../../src/index.js'
import { ROOT, startTestServer, type TestServer } from '../server/helpers/test-server.js'
import { createSelfSigned, type SelfSigned } from '../server/tls/self-signed.js'

const MiB = 1024 * 1024
const BUCKET = 'sse-e2e'
const KMS_SECRET_KEY = `silo-e2e-key:${randomBytes(32).toString('base64')}`

interface CustomerKey {
  algorithm: 'AES256'
  key: string
  md5: string
}
function customerKey(): CustomerKey {
  const key = randomBytes(32)
  return {
    algorithm: 'AES256',
    key: key.toString('base64'),
    md5: createHash('md5').update(key).digest('base64'),
  }
}
const asHeaders = (k: CustomerKey) => ({
  'X-Amz-Server-Side-Encryption-Customer-Algorithm': k.algorithm,
  'X-Amz-Server-Side-Encryption-Customer-Key': k.key,
  'X-Amz-Server-Side-Encryption-Customer-Key-MD5': k.md5,
})
const asOptions = (k: CustomerKey) => ({
  SSECustomerAlgorithm: k.algorithm,
  SSECustomerKey: k.key,
  SSECustomerKeyMD5: k.md5,
})

/** Length and SHA-256: comparing MiB-sized buffers with toEqual takes vitest seconds each. */
const fingerprint = (bytes: Uint8Array) =>
  `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** 32-byte samples every 64 KiB: any plaintext copy on disk (or a shard of it) holds some. */
function samplesOf(plaintext: Buffer): Buffer[] {
  const samples: Buffer[] = []
  for (let at = 0; at + 32 <= plaintext.length; at += 64 * 1024) samples.push(plaintext.subarray(at, at + 32))
  return samples
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

/** How many of `plaintext`'s samples appear in any file under `dir`. */
async function plaintextSamplesOnDisk(dir: string, plaintext: Buffer): Promise<number> {
  const samples = samplesOf(plaintext)
  const found = new Set<number>()
  for (const file of await filesUnder(dir)) {
    const bytes = await readFile(file).catch(() => Buffer.alloc(0))
    samples.forEach((sample, i) => {
      if (bytes.includes(sample)) found.add(i)
    })
  }
  return found.size
}

function errorOf(promise: Promise<unknown>): Promise<{ code?: string; status?: number }> {
  return promise.then(
    () => ({ code: 'ok' }),
    (e: {
      code?: string
      name?: string
      Code?: string
      statusCode?: number
      $metadata?: { httpStatusCode?: number }
    }) => ({
      code: e.code ?? e.Code ?? e.name,
      status: e.statusCode ?? e.$metadata?.httpStatusCode,
    }),
  )
}

describe.each([
  ['single drive', 1],
  ['erasure, 4 drives', 4],
] as const)('server-side encryption over HTTPS (%s)', { timeout: 180_000 }, (_name, drives) => {
  let certs: SelfSigned
  let server: TestServer
  let silo: Client
  let minio: Minio.Client
  let aws: S3Client

  beforeAll(async () => {
    certs = createSelfSigned()
    server = await startTestServer({
      drives,
      tls: { cert: certs.cert, key: certs.key },
      kmsSecretKey: KMS_SECRET_KEY,
    })
    const { port } = server
    silo = new Client({ endPoint: '127.0.0.1', port, useSSL: true, ...ROOT, region: 'us-east-1' })
    silo.setRequestOptions({ rejectUnauthorized: false })
    const agent = new Agent({ rejectUnauthorized: false, keepAlive: true })
    minio = new Minio.Client({
      endPoint: '127.0.0.1',
      port,
      useSSL: true,
      ...ROOT,
      region: 'us-east-1',
      transportAgent: agent,
    })
    aws = new S3Client({
      endpoint: server.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
      requestHandler: { httpsAgent: agent },
    })
    await silo.makeBucket(BUCKET)
  }, 60_000)
  afterAll(async () => {
    aws?.destroy()
    await server?.stop()
    certs?.remove()
  })

  it('SSE-C through the Silo SDK: whole, range, stat; wrong key 403, no key 400', async () => {
    const key = customerKey()
    const data = randomBytes(1 * MiB + 123)
    await silo.putObject(BUCKET, 'silo-c.bin', data, data.length, asHeaders(key))
    expect(fingerprint(await collect(await silo.getObject(BUCKET, 'silo-c.bin', asOptions(key))))).toBe(
      fingerprint(data),
    )
    const part = await collect(
      await silo.getPartialObject(BUCKET, 'silo-c.bin', 65_000, 200_000, asOptions(key)),
    )
    expect(fingerprint(part)).toBe(fingerprint(data.subarray(65_000, 265_000)))
    const stat = await silo.statObject(BUCKET, 'silo-c.bin', asOptions(key))
    expect(stat.size).toBe(data.length)
    expect(stat.metaData['x-amz-server-side-encryption-customer-algorithm']).toBe('AES256')
    expect(stat.metaData['x-amz-server-side-encryption-customer-key-md5']).toBe(key.md5)
    expect(JSON.stringify(stat)).not.toContain(key.key)
    const wrong = await errorOf(silo.getObject(BUCKET, 'silo-c.bin', asOptions(customerKey())))
    expect(wrong).toEqual({ code: 'AccessDenied', status: 403 })
    expect(await errorOf(silo.getObject(BUCKET, 'silo-c.bin'))).toEqual({
      code: 'InvalidRequest',
      status: 400,
    })
    expect((await errorOf(silo.statObject(BUCKET, 'silo-c.bin'))).status).toBe(400)
    // Listings never show a key or its MD5.
    const listed = await collect(
      (async function* () {
        for await (const item of silo.listObjectsV2(BUCKET, 'silo-c', true))
          yield Buffer.from(JSON.stringify(item))
      })(),
    )
    expect(listed.toString()).not.toContain(key.md5)
  })

  it('SSE-C through minio-js and @aws-sdk/client-s3: whole, range, HEAD headers, wrong key 403', async () => {
    const key = customerKey()
    const data = randomBytes(2 * MiB + 7)
    await minio.putObject(BUCKET, 'minio-c.bin', data, data.length, asHeaders(key))
    expect(fingerprint(await collect(await minio.getObject(BUCKET, 'minio-c.bin', asOptions(key))))).toBe(
      fingerprint(data),
    )
    const part = await collect(
      await minio.getPartialObject(BUCKET, 'minio-c.bin', 10, 100_000, asOptions(key)),
    )
    expect(fingerprint(part)).toBe(fingerprint(data.subarray(10, 100_010)))

    await aws.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'aws-c.bin', Body: data, ...asOptions(key) }))
    const ranged = await aws.send(
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: 'aws-c.bin',
        Range: 'bytes=1048570-1048600',
        ...asOptions(key),
      }),
    )
    expect(Buffer.from(await ranged.Body!.transformToByteArray())).toEqual(
      data.subarray(1_048_570, 1_048_601),
    )
    const head = await aws.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'aws-c.bin', ...asOptions(key) }),
    )
    expect([head.ContentLength, head.SSECustomerAlgorithm, head.SSECustomerKeyMD5]).toEqual([
      data.length,
      'AES256',
      key.md5,
    ])
    expect(head.ServerSideEncryption).toBeUndefined()
    // The object minio-js wrote reads through the AWS SDK with the same key, and not with another.
    const other = await aws.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'minio-c.bin', ...asOptions(key) }),
    )
    expect(fingerprint(Buffer.from(await other.Body!.transformToByteArray()))).toBe(fingerprint(data))
    const wrong = aws.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'aws-c.bin', ...asOptions(customerKey()) }),
    )
    expect(await errorOf(wrong)).toEqual({ code: 'AccessDenied', status: 403 })
    const plain = aws.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'aws-c.bin' }))
    expect(await errorOf(plain)).toEqual({ code: 'InvalidRequest', status: 400 })
  })

  it('SSE-S3 through all three clients: AES256 reported on PUT, GET and HEAD; ranges decrypt', async () => {
    const data = randomBytes(3 * MiB + 11)
    const put = await aws.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 's3.bin', Body: data, ServerSideEncryption: 'AES256' }),
    )
    expect(put.ServerSideEncryption).toBe('AES256')
    const got = await aws.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 's3.bin', Range: 'bytes=2000000-2100000' }),
    )
    expect(got.ServerSideEncryption).toBe('AES256')
    expect(fingerprint(Buffer.from(await got.Body!.transformToByteArray()))).toBe(
      fingerprint(data.subarray(2_000_000, 2_100_001)),
    )
    await minio.putObject(BUCKET, 's3-minio.bin', data, data.length, {
      'X-Amz-Server-Side-Encryption': 'AES256',
    })
    await silo.putObject(BUCKET, 's3-silo.bin', data, data.length, {
      'X-Amz-Server-Side-Encryption': 'AES256',
    })
    for (const key of ['s3.bin', 's3-minio.bin', 's3-silo.bin']) {
      expect(fingerprint(await collect(await silo.getObject(BUCKET, key))), key).toBe(fingerprint(data))
      expect((await silo.statObject(BUCKET, key)).metaData['x-amz-server-side-encryption'], key).toBe(
        'AES256',
      )
      const head = await aws.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
      expect(head.ContentLength, key).toBe(data.length)
    }
    expect(await collect(await minio.getPartialObject(BUCKET, 's3-silo.bin', 3 * MiB, 11))).toEqual(
      data.subarray(3 * MiB),
    )
  })

  it('multipart, 5 MiB parts: SSE-C (Silo SDK), SSE-S3 (minio-js, AWS SDK); whole and across part boundaries', async () => {
    const key = customerKey()
    const data = randomBytes(11 * MiB + 5)
    await silo.putObject(BUCKET, 'mp-c.bin', data, undefined, asHeaders(key), { partSize: 5 * MiB })
    const cStat = await silo.statObject(BUCKET, 'mp-c.bin', asOptions(key))
    expect(cStat.size).toBe(data.length)
    expect(cStat.etag).toMatch(/-3$/)
    expect(fingerprint(await collect(await silo.getObject(BUCKET, 'mp-c.bin', asOptions(key))))).toBe(
      fingerprint(data),
    )
    const across = await collect(
      await silo.getPartialObject(BUCKET, 'mp-c.bin', 5 * MiB - 100, 200, asOptions(key)),
    )
    expect(fingerprint(across)).toBe(fingerprint(data.subarray(5 * MiB - 100, 5 * MiB + 100)))
    expect(await errorOf(silo.getObject(BUCKET, 'mp-c.bin', asOptions(customerKey())))).toEqual({
      code: 'AccessDenied',
      status: 403,
    })

    // minio-js 8 numbers its parts oddly but completes what it sent; SSE-S3 rides on the create.
    const minioPartSized = new Minio.Client({
      endPoint: '127.0.0.1',
      port: server.port,
      useSSL: true,
      ...ROOT,
      region: 'us-east-1',
      partSize: 5 * MiB,
      transportAgent: new Agent({ rejectUnauthorized: false }),
    })
    await minioPartSized.putObject(BUCKET, 'mp-minio.bin', data, data.length, {
      'X-Amz-Server-Side-Encryption': 'AES256',
    })
    expect(fingerprint(await collect(await silo.getObject(BUCKET, 'mp-minio.bin')))).toBe(fingerprint(data))
    expect((await silo.statObject(BUCKET, 'mp-minio.bin')).metaData['x-amz-server-side-encryption']).toBe(
      'AES256',
    )

    const created = await aws.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp-aws.bin', ServerSideEncryption: 'AES256' }),
    )
    expect(created.ServerSideEncryption).toBe('AES256')
    const parts = []
    for (let n = 1, at = 0; at < data.length; n++, at += 5 * MiB) {
      const body = data.subarray(at, Math.min(at + 5 * MiB, data.length))
      const part = await aws.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: 'mp-aws.bin',
          UploadId: created.UploadId,
          PartNumber: n,
          Body: body,
        }),
      )
      parts.push({ PartNumber: n, ETag: part.ETag })
    }
    const done = await aws.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'mp-aws.bin',
        UploadId: created.UploadId,
        MultipartUpload: { Parts: parts },
      }),
    )
    expect(done.ServerSideEncryption).toBe('AES256')
    const ranged = await aws.send(
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: 'mp-aws.bin',
        Range: `bytes=${10 * MiB - 3}-${10 * MiB + 3}`,
      }),
    )
    expect(Buffer.from(await ranged.Body!.transformToByteArray())).toEqual(
      data.subarray(10 * MiB - 3, 10 * MiB + 4),
    )
    expect(fingerprint(await collect(await minio.getObject(BUCKET, 'mp-aws.bin')))).toBe(fingerprint(data))
  }, 120_000)

  it('UploadPart, CompleteMultipartUpload and GetObjectAttributes with SSE-C: key needed, wrong key 403, a key on a plain upload 400', async () => {
    const key = customerKey()
    const created = await aws.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp-check.bin', ...asOptions(key) }),
    )
    expect([created.SSECustomerAlgorithm, created.SSECustomerKeyMD5]).toEqual(['AES256', key.md5])
    const body = randomBytes(1000)
    const part = await aws.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'mp-check.bin',
        UploadId: created.UploadId,
        PartNumber: 1,
        Body: body,
        ...asOptions(key),
      }),
    )
    expect(part.SSECustomerKeyMD5).toBe(key.md5)
    const noKeyPart = aws.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'mp-check.bin',
        UploadId: created.UploadId,
        PartNumber: 2,
        Body: body,
      }),
    )
    expect((await errorOf(noKeyPart)).status).toBe(400)
    const complete = (extra: object) =>
      aws.send(
        new CompleteMultipartUploadCommand({
          Bucket: BUCKET,
          Key: 'mp-check.bin',
          UploadId: created.UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
          ...extra,
        }),
      )
    // An SSE-C key on the Complete of an upload that is not SSE-C is refused, not ignored.
    const plain = await aws.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp-plain.bin' }))
    const plainPart = await aws.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: 'mp-plain.bin',
        UploadId: plain.UploadId,
        PartNumber: 1,
        Body: body,
      }),
    )
    const plainComplete = aws.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'mp-plain.bin',
        UploadId: plain.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: plainPart.ETag }] },
        ...asOptions(key),
      }),
    )
    expect(await errorOf(plainComplete)).toEqual({ code: 'InvalidRequest', status: 400 })
    const done = await complete(asOptions(key))
    expect(done.ETag).toMatch(/-1"$/)
    const attributes = (extra: object) =>
      aws.send(
        new GetObjectAttributesCommand({
          Bucket: BUCKET,
          Key: 'mp-check.bin',
          ObjectAttributes: ['ObjectSize'],
          ...extra,
        }),
      )
    expect((await attributes(asOptions(key))).ObjectSize).toBe(1000)
    expect((await errorOf(attributes({}))).status).toBe(400)
    expect((await errorOf(attributes(asOptions(customerKey())))).status).toBe(403)
  })

  it('copies: SSE-C source read with the copy-source key into an SSE-S3 copy, and back into SSE-C with a new key', async () => {
    const key = customerKey()
    const data = randomBytes(300_000)
    await aws.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'copy-src.bin', Body: data, ...asOptions(key) }),
    )
    const source = {
      CopySourceSSECustomerAlgorithm: key.algorithm,
      CopySourceSSECustomerKey: key.key,
      CopySourceSSECustomerKeyMD5: key.md5,
    }
    const toS3 = await aws.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'copy-s3.bin',
        CopySource: `${BUCKET}/copy-src.bin`,
        ServerSideEncryption: 'AES256',
        ...source,
      }),
    )
    expect(toS3.ServerSideEncryption).toBe('AES256')
    expect(fingerprint(await collect(await silo.getObject(BUCKET, 'copy-s3.bin')))).toBe(fingerprint(data))
    const next = customerKey()
    await aws.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'copy-src.bin',
        CopySource: `${BUCKET}/copy-src.bin`,
        ...source,
        ...asOptions(next),
      }),
    )
    expect(fingerprint(await collect(await silo.getObject(BUCKET, 'copy-src.bin', asOptions(next))))).toBe(
      fingerprint(data),
    )
    expect((await errorOf(silo.getObject(BUCKET, 'copy-src.bin', asOptions(key)))).status).toBe(403)
    const noSourceKey = aws.send(
      new CopyObjectCommand({ Bucket: BUCKET, Key: 'copy-x.bin', CopySource: `${BUCKET}/copy-src.bin` }),
    )
    expect((await errorOf(noSourceKey)).status).toBe(400)
  })

  it('bucket default encryption: set with the Silo SDK, read by minio-js alike; writes that ask nothing get SSE-S3', async () => {
    const bucket = `${BUCKET}-default`
    await silo.makeBucket(bucket)
    expect(await errorOf(silo.getBucketEncryption(bucket))).toEqual({
      code: 'ServerSideEncryptionConfigurationNotFoundError',
      status: 404,
    })
    await silo.setBucketEncryption(bucket)
    const ours = await silo.getBucketEncryption(bucket)
    const theirs = (await minio.getBucketEncryption(bucket)) as { ServerSideEncryptionConfiguration: unknown }
    expect(ours.ServerSideEncryptionConfiguration).toEqual(theirs.ServerSideEncryptionConfiguration)
    expect(ours.ServerSideEncryptionConfiguration).toEqual({
      Rule: { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
    })
    const data = randomBytes(200_000)
    await minio.putObject(bucket, 'plain-asked.bin', data, data.length)
    const head = await aws.send(new HeadObjectCommand({ Bucket: bucket, Key: 'plain-asked.bin' }))
    expect(head.ServerSideEncryption).toBe('AES256')
    // SSE-C asked for wins over the default.
    const key = customerKey()
    await silo.putObject(bucket, 'ssec.bin', data, data.length, asHeaders(key))
    const ssec = await aws.send(new HeadObjectCommand({ Bucket: bucket, Key: 'ssec.bin', ...asOptions(key) }))
    expect([ssec.ServerSideEncryption, ssec.SSECustomerAlgorithm]).toEqual([undefined, 'AES256'])
    await minio.removeBucketEncryption(bucket)
    await silo.putObject(bucket, 'after.bin', data, data.length)
    const after = await aws.send(new HeadObjectCommand({ Bucket: bucket, Key: 'after.bin' }))
    expect(after.ServerSideEncryption).toBeUndefined()
    // The object written under the default stays encrypted and readable.
    expect(fingerprint(await collect(await silo.getObject(bucket, 'plain-asked.bin')))).toBe(
      fingerprint(data),
    )
  })

  it('the bytes on disk are not the plaintext (a plaintext control object is found by the same scan)', async () => {
    const secret = randomBytes(1 * MiB)
    const control = randomBytes(1 * MiB)
    const key = customerKey()
    await silo.putObject(BUCKET, 'disk-c.bin', secret, secret.length, asHeaders(key))
    await silo.putObject(BUCKET, 'disk-s3.bin', secret, secret.length, {
      'X-Amz-Server-Side-Encryption': 'AES256',
    })
    await silo.putObject(BUCKET, 'disk-plain.bin', control, control.length)
    expect(await plaintextSamplesOnDisk(server.dir, control)).toBeGreaterThan(0)
    expect(await plaintextSamplesOnDisk(server.dir, secret)).toBe(0)
  })
})

describe('SSE-C over plain HTTP', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kmsSecretKey: KMS_SECRET_KEY })
  })
  afterAll(() => server.stop())

  it('is refused (400 InvalidRequest) through each client, and stores nothing', async () => {
    const key = customerKey()
    const silo = new Client({
      endPoint: '127.0.0.1',
      port: server.port,
      useSSL: false,
      ...ROOT,
      region: 'us-east-1',
    })
    await silo.makeBucket(BUCKET)
    expect(await errorOf(silo.putObject(BUCKET, 'c.bin', 'secret', undefined, asHeaders(key)))).toEqual({
      code: 'InvalidRequest',
      status: 400,
    })
    const aws = new S3Client({
      endpoint: server.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    })
    const put = aws.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'c.bin', Body: 'secret', ...asOptions(key) }),
    )
    expect(await errorOf(put)).toEqual({ code: 'InvalidRequest', status: 400 })
    aws.destroy()
    expect((await errorOf(silo.statObject(BUCKET, 'c.bin'))).status).toBe(404)
  })
})
