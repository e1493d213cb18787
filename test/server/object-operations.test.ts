import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAwsClient } from './helpers/aws-client.js'
import { md5Base64, md5Hex, s3, xmlField } from './helpers/signed-request.js'
import { startTestServer, type TestServer } from './helpers/test-server.js'

const Bucket = 'objects-ops'
let server: TestServer
let client: S3Client
let etag: string
let modified: Date

const BODY = '0123456789abcdefghij'
const past = new Date(Date.now() - 3600_000).toUTCString()
const future = new Date(Date.now() + 3600_000).toUTCString()

beforeAll(async () => {
  server = await startTestServer()
  client = createAwsClient(server)
  await client.send(new CreateBucketCommand({ Bucket }))
  const put = await client.send(
    new PutObjectCommand({ Bucket, Key: 'obj', Body: BODY, ContentType: 'text/plain' }),
  )
  etag = put.ETag!
  modified = (await client.send(new HeadObjectCommand({ Bucket, Key: 'obj' }))).LastModified!
})
afterAll(async () => {
  client.destroy()
  await server.stop()
})

describe('conditional GET and HEAD', () => {
  const at = () => modified.toUTCString()
  // [headers, expected status]; GET and HEAD answer the same.
  const table: Array<[string, () => Record<string, string>, number]> = [
    ['If-Match the ETag', () => ({ 'if-match': etag }), 200],
    ['If-Match another ETag', () => ({ 'if-match': '"nope"' }), 412],
    ['If-Match *', () => ({ 'if-match': '*' }), 200],
    ['If-None-Match the ETag', () => ({ 'if-none-match': etag }), 304],
    ['If-None-Match another ETag', () => ({ 'if-none-match': '"nope"' }), 200],
    ['If-Modified-Since the past', () => ({ 'if-modified-since': past }), 200],
    ['If-Modified-Since Last-Modified', () => ({ 'if-modified-since': at() }), 304],
    ['If-Unmodified-Since the past', () => ({ 'if-unmodified-since': past }), 412],
    ['If-Unmodified-Since the future', () => ({ 'if-unmodified-since': future }), 200],
    [
      'If-Match wins over a failing If-Unmodified-Since',
      () => ({ 'if-match': etag, 'if-unmodified-since': past }),
      200,
    ],
    [
      'If-None-Match wins over If-Modified-Since',
      () => ({ 'if-none-match': '"nope"', 'if-modified-since': at() }),
      200,
    ],
  ]
  for (const [name, headers, status] of table) {
    it(`${name} → ${status}`, async () => {
      for (const method of ['GET', 'HEAD']) {
        const res = await s3(server.url, method, `/${Bucket}/obj`, { headers: headers() })
        expect([method, res.status]).toEqual([method, status])
        if (status === 200 && method === 'GET') expect(res.text).toBe(BODY)
        if (status === 412 && method === 'GET') expect(xmlField(res.text, 'Code')).toBe('PreconditionFailed')
      }
    })
  }
})

describe('ranges and response overrides', () => {
  const table: Array<[string, number, string | undefined]> = [
    ['bytes=0-4', 206, '01234'],
    ['bytes=15-', 206, 'fghij'],
    ['bytes=-3', 206, 'hij'],
    ['bytes=18-100', 206, 'ij'],
    ['bytes=20-', 416, undefined],
    ['bytes=5-1', 200, BODY],
    ['items=0-1', 200, BODY],
  ]
  for (const [range, status, body] of table) {
    it(`Range ${range} → ${status}`, async () => {
      const res = await s3(server.url, 'GET', `/${Bucket}/obj`, { headers: { range } })
      expect(res.status).toBe(status)
      if (body !== undefined) expect(res.text).toBe(body)
      if (status === 206) expect(res.headers['content-range']).toMatch(new RegExp(`/${BODY.length}$`))
      if (status === 416) {
        expect(xmlField(res.text, 'Code')).toBe('InvalidRange')
        expect(res.headers['content-range']).toBe(`bytes */${BODY.length}`)
      }
    })
  }

  it('applies response-* overrides', async () => {
    const res = await s3(
      server.url,
      'GET',
      `/${Bucket}/obj?response-content-type=application%2Fjson&response-content-disposition=attachment`,
    )
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.headers['content-disposition']).toBe('attachment')
  })
})

describe('CopyObject', () => {
  it('copies with COPY metadata by default and REPLACE on request', async () => {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: 'src',
        Body: 'source',
        ContentType: 'text/x-src',
        Metadata: { a: '1' },
      }),
    )
    const copied = await client.send(
      new CopyObjectCommand({ Bucket, Key: 'dst', CopySource: `${Bucket}/src` }),
    )
    expect(copied.CopyObjectResult?.ETag).toBe(`"${md5Hex('source')}"`)
    expect(copied.CopyObjectResult?.LastModified).toBeInstanceOf(Date)
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'dst' }))
    expect([head.ContentType, head.Metadata]).toEqual(['text/x-src', { a: '1' }])
    await client.send(
      new CopyObjectCommand({
        Bucket,
        Key: 'dst2',
        CopySource: `${Bucket}/src`,
        MetadataDirective: 'REPLACE',
        ContentType: 'text/x-new',
        Metadata: { b: '2' },
      }),
    )
    const replaced = await client.send(new HeadObjectCommand({ Bucket, Key: 'dst2' }))
    expect([replaced.ContentType, replaced.Metadata]).toEqual(['text/x-new', { b: '2' }])
  })

  it('decodes the copy source and tolerates ?versionId', async () => {
    const Key = 'dir/with space+plus%ünï'
    await client.send(new PutObjectCommand({ Bucket, Key, Body: 'special' }))
    const source = `/${Bucket}/${encodeURIComponent(Key).replaceAll('%2F', '/')}?versionId=null`
    const res = await s3(server.url, 'PUT', `/${Bucket}/copied-special`, {
      headers: { 'x-amz-copy-source': source },
    })
    expect(res.status).toBe(200)
    expect(xmlField(res.text, 'ETag')).toBe(`"${md5Hex('special')}"`)
  })

  it('copies onto itself only with REPLACE', async () => {
    const self = await s3(server.url, 'PUT', `/${Bucket}/src`, {
      headers: { 'x-amz-copy-source': `/${Bucket}/src` },
    })
    expect([self.status, xmlField(self.text, 'Code')]).toEqual([400, 'InvalidRequest'])
    const replace = await s3(server.url, 'PUT', `/${Bucket}/src`, {
      headers: {
        'x-amz-copy-source': `/${Bucket}/src`,
        'x-amz-metadata-directive': 'REPLACE',
        'x-amz-meta-c': '3',
      },
    })
    expect(replace.status).toBe(200)
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'src' }))
    expect(head.Metadata).toEqual({ c: '3' })
  })

  it('checks the copy-source conditions (412) and a missing source (404)', async () => {
    const copy = (headers: Record<string, string>) =>
      s3(server.url, 'PUT', `/${Bucket}/cond`, {
        headers: { 'x-amz-copy-source': `/${Bucket}/obj`, ...headers },
      })
    expect((await copy({ 'x-amz-copy-source-if-match': etag })).status).toBe(200)
    expect((await copy({ 'x-amz-copy-source-if-match': '"nope"' })).status).toBe(412)
    expect((await copy({ 'x-amz-copy-source-if-none-match': etag })).status).toBe(412)
    expect((await copy({ 'x-amz-copy-source-if-unmodified-since': past })).status).toBe(412)
    expect((await copy({ 'x-amz-copy-source-if-modified-since': future })).status).toBe(412)
    expect((await copy({ 'x-amz-copy-source-if-modified-since': past })).status).toBe(200)
    const missing = await s3(server.url, 'PUT', `/${Bucket}/x`, {
      headers: { 'x-amz-copy-source': `/${Bucket}/none` },
    })
    expect([missing.status, xmlField(missing.text, 'Code')]).toEqual([404, 'NoSuchKey'])
  })
})

describe('DeleteObjects', () => {
  it('deletes many keys and reports each one; quiet mode reports only failures', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `del/${i}`)
    for (const Key of keys) await client.send(new PutObjectCommand({ Bucket, Key, Body: Key }))
    const verbose = await client.send(
      new DeleteObjectsCommand({
        Bucket,
        Delete: { Objects: [...keys.slice(0, 20), 'del/never-existed'].map((Key) => ({ Key })) },
      }),
    )
    expect(verbose.Deleted?.map((d) => d.Key).sort()).toEqual(
      [...keys.slice(0, 20), 'del/never-existed'].sort(),
    )
    expect(verbose.Errors).toBeUndefined()
    const quiet = await client.send(
      new DeleteObjectsCommand({
        Bucket,
        Delete: { Quiet: true, Objects: keys.slice(20).map((Key) => ({ Key })) },
      }),
    )
    expect(quiet.Deleted).toBeUndefined()
    const left = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'del/' }))
    expect(left.KeyCount).toBe(0)
  })

  it('reports a bad key per key, verifies Content-MD5 and refuses malformed or oversized lists', async () => {
    const body = `<Delete><Object><Key>${'k'.repeat(1025)}</Key></Object><Object><Key>ok</Key></Object></Delete>`
    const res = await s3(server.url, 'POST', `/${Bucket}?delete`, {
      body,
      headers: { 'content-md5': md5Base64(body) },
    })
    expect(res.status).toBe(200)
    expect(xmlField(res.text, 'Code')).toBe('KeyTooLongError')
    expect(res.text).toContain('<Deleted><Key>ok</Key></Deleted>')
    const wrong = await s3(server.url, 'POST', `/${Bucket}?delete`, {
      body,
      headers: { 'content-md5': md5Base64('x') },
    })
    expect(xmlField(wrong.text, 'Code')).toBe('BadDigest')
    const malformed = await s3(server.url, 'POST', `/${Bucket}?delete`, {
      body: '<Delete><Quiet>true</Quiet></Delete>',
    })
    expect(xmlField(malformed.text, 'Code')).toBe('MalformedXML')
    const tooMany = `<Delete>${'<Object><Key>k</Key></Object>'.repeat(1001)}</Delete>`
    expect(
      xmlField((await s3(server.url, 'POST', `/${Bucket}?delete`, { body: tooMany })).text, 'Code'),
    ).toBe('MalformedXML')
  })
})

describe('PutObject and any valid key', () => {
  it('verifies Content-MD5 (BadDigest) and stores nothing on a mismatch', async () => {
    const bad = await s3(server.url, 'PUT', `/${Bucket}/md5`, {
      body: 'data',
      headers: { 'content-md5': md5Base64('x') },
    })
    expect([bad.status, xmlField(bad.text, 'Code')]).toEqual([400, 'BadDigest'])
    expect((await s3(server.url, 'HEAD', `/${Bucket}/md5`)).status).toBe(404)
  })

  it('round-trips keys with .., //, spaces, +, %, non-Latin characters, a and a/b together', async () => {
    const keys = [
      'a',
      'a/b',
      '../up',
      'x//y',
      'sp ace',
      'pl+us',
      '50%',
      '%2F',
      'κλειδί/鍵/🔑',
      'é'.repeat(512),
    ]
    for (const Key of keys) await client.send(new PutObjectCommand({ Bucket, Key, Body: `body of ${Key}` }))
    for (const Key of keys) {
      const got = await client.send(new GetObjectCommand({ Bucket, Key }))
      expect(await got.Body!.transformToString()).toBe(`body of ${Key}`)
    }
  })
})
