/**
 * Issue 12, defect 2 (the query half): a presigned URL may carry `x-amz-*` request headers in
 * its signed query — S3 and `@aws-sdk/s3-request-presigner` "hoist" them there
 * (`?x-amz-meta-a=b&x-amz-storage-class=...&X-Amz-Signature=...`). S3 treats them as the
 * request's headers, so Silo must too instead of silently dropping them; only once the query
 * signature verified, only on presigned requests, and never an `x-amz-copy-source` that the
 * router (which runs before authentication) did not see.
 */
import { request as httpRequest } from 'node:http'
import { Sha256 } from '@aws-crypto/sha256-js'
import { CopyObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { SignatureV4 } from '@smithy/signature-v4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '../../src/index.js'
import { errorCode, sendSigned } from './helpers/raw-request.js'
import { awsRootClient, siloRootClient } from './helpers/root-clients.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from './helpers/server.js'

let server: RunningServer
let client: Client
const bucket = 'hoisted'
const SECRET = 'the secret bytes'

beforeAll(async () => {
  server = await startServer()
  client = siloRootClient(server, { region: 'us-east-1' })
  await client.makeBucket(bucket)
  await client.putObject(bucket, 'secret.txt', SECRET)
})
afterAll(() => server.stop())

/** An @aws-sdk client that does not bake the CRC32 of an empty body into presigned URLs. */
function awsClientWithoutDefaultChecksums(): S3Client {
  return new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  })
}

async function answer(res: Response) {
  const body = await res.text()
  return { status: res.status, code: errorCode(body), message: /<Message>([^<]*)<\/Message>/.exec(body)?.[1] }
}

async function head(key: string): Promise<Response> {
  return fetch(await client.presignedUrl('HEAD', bucket, key, 60), { method: 'HEAD' })
}

async function expectAbsent(key: string) {
  expect((await head(key)).status).toBe(404)
}

describe('x-amz-* headers hoisted into a presigned URL are the request headers (as S3)', () => {
  it('@aws-sdk/s3-request-presigner: Metadata and StorageClass are stored; Content-Type is sent', async () => {
    const url = await getSignedUrl(
      awsClientWithoutDefaultChecksums(),
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'aws-meta.txt',
        Metadata: { owner: 'alice', Note: 'two words' },
        StorageClass: 'REDUCED_REDUNDANCY',
        ContentType: 'text/plain',
      }),
      { expiresIn: 60 },
    )
    expect(url).toContain('x-amz-meta-owner=alice')
    expect(url).toContain('x-amz-storage-class=REDUCED_REDUNDANCY')
    const put = await fetch(url, { method: 'PUT', body: 'hello', headers: { 'content-type': 'text/plain' } })
    expect(put.status).toBe(200)
    const got = await head('aws-meta.txt')
    expect(got.status).toBe(200)
    expect(got.headers.get('x-amz-meta-owner')).toBe('alice')
    expect(got.headers.get('x-amz-meta-note')).toBe('two words')
    expect(got.headers.get('x-amz-storage-class')).toBe('REDUCED_REDUNDANCY')
    expect(got.headers.get('content-type')).toBe('text/plain')
    // An independent client reads the same metadata back.
    const viaAws = await awsRootClient(server).send(
      new GetObjectCommand({ Bucket: bucket, Key: 'aws-meta.txt' }),
    )
    expect(viaAws.Metadata).toEqual({ owner: 'alice', note: 'two words' })
    expect(await viaAws.Body?.transformToString()).toBe('hello')
  })

  it("the presigner's default x-amz-checksum-crc32 (of an empty body) is verified: BadDigest on other bytes", async () => {
    // @aws-sdk/client-s3 ≥ 3.729 presigns a PutObject with the CRC32 of the (absent) body;
    // S3 checks it like the header it stands for, so such a URL uploads only an empty body.
    const url = await getSignedUrl(
      awsRootClient(server),
      new PutObjectCommand({ Bucket: bucket, Key: 'crc.txt' }),
      { expiresIn: 60 },
    )
    expect(url).toContain('x-amz-checksum-crc32=AAAAAA%3D%3D')
    expect(await answer(await fetch(url, { method: 'PUT', body: 'not empty' }))).toMatchObject({
      status: 400,
      code: 'BadDigest',
    })
    await expectAbsent('crc.txt')
    expect((await fetch(url, { method: 'PUT', body: '' })).status).toBe(200)
  })

  it("Silo's SDK: presignedUrl reqParams carrying x-amz-meta-* and X-Amz-Storage-Class", async () => {
    const url = await client.presignedUrl('PUT', bucket, 'silo-meta.txt', 60, {
      'x-amz-meta-color': 'blue',
      'X-Amz-Meta-Size': 'large',
      'X-Amz-Storage-Class': 'REDUCED_REDUNDANCY',
    })
    expect((await fetch(url, { method: 'PUT', body: 'x' })).status).toBe(200)
    const stat = await client.statObject(bucket, 'silo-meta.txt')
    expect(stat.metaData).toMatchObject({ color: 'blue', size: 'large' })
    const got = await head('silo-meta.txt')
    expect(got.headers.get('x-amz-storage-class')).toBe('REDUCED_REDUNDANCY')
  })

  it('a non-ASCII value is stored as the text a UTF-8 header would carry, returned RFC 2047-encoded as S3', async () => {
    const url = await client.presignedUrl('PUT', bucket, 'utf8.txt', 60, { 'x-amz-meta-name': 'Zoë' })
    expect((await fetch(url, { method: 'PUT', body: 'x' })).status).toBe(200)
    const raw = await rawHead(new URL(await client.presignedUrl('HEAD', bucket, 'utf8.txt', 60)))
    expect(raw['x-amz-meta-name']).toBe(`=?UTF-8?B?${Buffer.from('Zoë', 'utf8').toString('base64')}?=`)
  })

  it('a presigned GET carrying x-amz-meta-* in its query (a tracking id) still works', async () => {
    const url = await client.presignedUrl('GET', bucket, 'secret.txt', 60, { 'x-amz-meta-tracking': 'id-1' })
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(SECRET)
  })
})

describe('what a hoisted header may not do', () => {
  it('a tampered query value → 403 SignatureDoesNotMatch, nothing stored', async () => {
    const url = await client.presignedUrl('PUT', bucket, 'tampered.txt', 60, { 'x-amz-meta-owner': 'alice' })
    const tampered = url.replace('x-amz-meta-owner=alice', 'x-amz-meta-owner=mallory')
    expect(tampered).not.toBe(url)
    expect(await answer(await fetch(tampered, { method: 'PUT', body: 'x' }))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    })
    const added = `${url}&x-amz-meta-extra=1`
    expect(await answer(await fetch(added, { method: 'PUT', body: 'x' }))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    })
    await expectAbsent('tampered.txt')
  })

  it('x-amz-copy-source in the query → 400 InvalidRequest naming it; nothing copied or stored', async () => {
    // S3 routes on the header only and would store an empty object; Silo says so instead.
    const url = await getSignedUrl(
      awsClientWithoutDefaultChecksums(),
      new CopyObjectCommand({ Bucket: bucket, Key: 'copy-by-query.txt', CopySource: `${bucket}/secret.txt` }),
      { expiresIn: 60 },
    )
    expect(url).toContain('x-amz-copy-source=')
    const res = await answer(await fetch(url, { method: 'PUT' }))
    expect(res).toMatchObject({ status: 400, code: 'InvalidRequest' })
    expect(res.message).toContain('x-amz-copy-source')
    await expectAbsent('copy-by-query.txt')
  })

  it('a header both in the query and (signed) as a header: the same value is fine, another is 400', async () => {
    const both = (key: string, queryValue: string) =>
      presignWithHeader(key, { 'x-amz-meta-owner': 'alice' }, { 'x-amz-meta-owner': queryValue })
    const same = await both('both-same.txt', 'alice')
    expect((await fetch(same.url, { method: 'PUT', body: 'x', headers: same.headers })).status).toBe(200)
    expect((await head('both-same.txt')).headers.get('x-amz-meta-owner')).toBe('alice')

    const differ = await both('both-differ.txt', 'bob')
    const res = await answer(await fetch(differ.url, { method: 'PUT', body: 'x', headers: differ.headers }))
    expect(res).toMatchObject({ status: 400, code: 'InvalidRequest' })
    expect(res.message).toContain('x-amz-meta-owner')
    await expectAbsent('both-differ.txt')
  })

  it('a name given twice, a value no header could carry, a name no header could have → 400', async () => {
    const twice = await client.presignedUrl('PUT', bucket, 'bad-1.txt', 60, {
      'x-amz-meta-a': '1',
      'X-Amz-Meta-A': '2',
    })
    const newline = await client.presignedUrl('PUT', bucket, 'bad-2.txt', 60, {
      'x-amz-meta-a': 'one\r\ntwo',
    })
    const badName = await client.presignedUrl('PUT', bucket, 'bad-3.txt', 60, { 'x-amz-meta-a b': '1' })
    for (const url of [twice, newline, badName]) {
      const res = await answer(await fetch(url, { method: 'PUT', body: 'x' }))
      expect(res.status, url).toBe(400)
      expect(res.code).toBe('InvalidArgument')
    }
    for (const key of ['bad-1.txt', 'bad-2.txt', 'bad-3.txt']) await expectAbsent(key)
  })
})

describe('other signing forms are unaffected', () => {
  it('a header-signed PUT: query x-amz-meta-* is not a header (only a presigned query is)', async () => {
    const res = await sendSigned(server.url, {
      method: 'PUT',
      path: `/${bucket}/header-signed.txt`,
      query: { 'x-amz-meta-owner': 'alice' },
      body: 'x',
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
    })
    expect(res.status).toBe(200)
    const got = await head('header-signed.txt')
    expect(got.status).toBe(200)
    expect(got.headers.get('x-amz-meta-owner')).toBeNull()
  })

  it('an anonymous PUT (public-write bucket): query x-amz-* are never honoured unsigned', async () => {
    const open = 'hoisted-open'
    await client.makeBucket(open)
    await client.setBucketPolicy(
      open,
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Principal: '*', Action: ['s3:PutObject'], Resource: [`arn:aws:s3:::${open}/*`] },
        ],
      }),
    )
    const url = `${server.url}/${open}/anon.txt?x-amz-meta-owner=mallory&x-amz-copy-source=${encodeURIComponent(`/${bucket}/secret.txt`)}`
    expect((await fetch(url, { method: 'PUT', body: 'anonymous' })).status).toBe(200)
    const stat = await client.statObject(open, 'anon.txt')
    expect(stat.metaData).not.toHaveProperty('owner')
    expect(stat.size).toBe('anonymous'.length)
  })
})

/** A presigned PUT that signs `headers` as headers and carries `query` in its signed query. */
async function presignWithHeader(
  key: string,
  headers: Record<string, string>,
  query: Record<string, string>,
): Promise<{ url: string; headers: Record<string, string> }> {
  const url = new URL(`/${bucket}/${key}`, server.url)
  const signer = new SignatureV4({
    credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
    region: 'us-east-1',
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
  })
  const signed = await signer.presign(
    {
      method: 'PUT',
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query,
      // As @aws-sdk/s3-request-presigner does: the payload line is UNSIGNED-PAYLOAD (hoisted too).
      headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...headers },
    },
    { expiresIn: 60, unhoistableHeaders: new Set(Object.keys(headers)) },
  )
  const qs = new URLSearchParams(signed.query as Record<string, string>).toString()
  return { url: `${url.origin}${url.pathname}?${qs}`, headers }
}

/** HEAD through node:http, which hands header bytes over as latin1 (fetch would refuse them). */
function rawHead(url: URL): Promise<Record<string, string | undefined>> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'HEAD' }, (res) => {
      res.resume()
      resolve(res.headers as Record<string, string | undefined>)
    })
    req.on('error', reject)
    req.end()
  })
}
