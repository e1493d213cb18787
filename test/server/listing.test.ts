import {
  CreateBucketCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAwsClient } from './helpers/aws-client.js'
import { s3, xmlField } from './helpers/signed-request.js'
import { startTestServer, type TestServer } from './helpers/test-server.js'

let server: TestServer
let client: S3Client
const Bucket = 'listing'

// 2,600 keys: 2,000 flat ones, 500 under 'dir/', 100 under 'dir/sub/'; listing order is UTF-8 bytes.
const FLAT = Array.from({ length: 2000 }, (_, i) => `k${String(i).padStart(4, '0')}`)
const NESTED = Array.from({ length: 500 }, (_, i) => `dir/${String(i).padStart(3, '0')}`)
const DEEP = Array.from({ length: 100 }, (_, i) => `dir/sub/${String(i).padStart(3, '0')}`)
const ALL = [...FLAT, ...NESTED, ...DEEP].sort()

async function putAll(keys: string[]): Promise<void> {
  const queue = [...keys]
  const worker = async () => {
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: key }))
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker))
}

beforeAll(async () => {
  server = await startTestServer()
  client = createAwsClient(server)
  await client.send(new CreateBucketCommand({ Bucket }))
  await putAll(ALL)
}, 120_000)
afterAll(async () => {
  client.destroy()
  await server.stop()
})

/** Every entry of a V2 listing, page by page with continuation tokens. */
async function listAllV2(params: { Prefix?: string; Delimiter?: string; MaxKeys?: number }) {
  const keys: string[] = []
  const prefixes: string[] = []
  let pages = 0
  let token: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, ...params, ContinuationToken: token }))
    pages++
    keys.push(...(page.Contents ?? []).map((c) => c.Key!))
    prefixes.push(...(page.CommonPrefixes ?? []).map((c) => c.Prefix!))
    expect(page.KeyCount).toBe((page.Contents?.length ?? 0) + (page.CommonPrefixes?.length ?? 0))
    token = page.IsTruncated ? page.NextContinuationToken : undefined
    if (page.IsTruncated) expect(token).toBeTruthy()
  } while (token)
  return { keys, prefixes, pages }
}

/** Every entry of a V1 listing, page by page with markers (NextMarker, else the last key). */
async function listAllV1(params: { Prefix?: string; Delimiter?: string; MaxKeys?: number }) {
  const keys: string[] = []
  const prefixes: string[] = []
  let pages = 0
  let marker: string | undefined
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket, ...params, Marker: marker }))
    pages++
    keys.push(...(page.Contents ?? []).map((c) => c.Key!))
    prefixes.push(...(page.CommonPrefixes ?? []).map((c) => c.Prefix!))
    if (!page.IsTruncated) break
    if (params.Delimiter) expect(page.NextMarker).toBeTruthy()
    else expect(page.NextMarker).toBeUndefined()
    marker = page.NextMarker ?? keys.at(-1)
  }
  return { keys, prefixes, pages }
}

describe('ListObjects V1 and V2 over HTTP', () => {
  it('V2 pages through 2,600 keys without a delimiter, in UTF-8 order, each key once', async () => {
    const { keys, pages } = await listAllV2({})
    expect(keys).toEqual(ALL)
    expect(pages).toBe(3)
  })

  it('V2 with a delimiter rolls dir/ up and pages small pages across the prefix', async () => {
    const top = await listAllV2({ Delimiter: '/' })
    expect(top.prefixes).toEqual(['dir/'])
    expect(top.keys).toEqual(FLAT)
    const inside = await listAllV2({ Prefix: 'dir/', Delimiter: '/', MaxKeys: 7 })
    expect(inside.keys).toEqual(NESTED)
    expect(inside.prefixes).toEqual(['dir/sub/'])
    expect(inside.pages).toBe(Math.ceil(501 / 7))
  })

  it('V1 pages through every key without a delimiter, and with one via NextMarker', async () => {
    expect((await listAllV1({})).keys).toEqual(ALL)
    const rolled = await listAllV1({ Delimiter: '/', MaxKeys: 333 })
    expect(rolled.keys).toEqual(FLAT)
    expect(rolled.prefixes).toEqual(['dir/'])
  })

  it('V2 honours start-after, max-keys 0 and fetch-owner', async () => {
    const after = await client.send(new ListObjectsV2Command({ Bucket, StartAfter: 'k1997', MaxKeys: 5 }))
    expect(after.Contents?.map((c) => c.Key)).toEqual(['k1998', 'k1999'])
    expect(after.StartAfter).toBe('k1997')
    const none = await client.send(new ListObjectsV2Command({ Bucket, MaxKeys: 0 }))
    expect(none).toMatchObject({ KeyCount: 0, MaxKeys: 0, IsTruncated: false })
    expect(none.Contents).toBeUndefined()
    const owned = await client.send(new ListObjectsV2Command({ Bucket, MaxKeys: 1, FetchOwner: true }))
    expect(owned.Contents?.[0]?.Owner?.ID).toBeTruthy()
    const plain = await client.send(new ListObjectsV2Command({ Bucket, MaxKeys: 1 }))
    expect(plain.Contents?.[0]?.Owner).toBeUndefined()
    expect(plain.Contents?.[0]).toMatchObject({ Key: ALL[0], Size: ALL[0]!.length, StorageClass: 'STANDARD' })
  })

  it('refuses a continuation token it did not issue and a negative max-keys', async () => {
    const token = await s3(server.url, 'GET', `/${Bucket}?list-type=2&continuation-token=forged`)
    expect(token.status).toBe(400)
    expect(xmlField(token.text, 'Code')).toBe('InvalidArgument')
    const negative = await s3(server.url, 'GET', `/${Bucket}?max-keys=-1`)
    expect(xmlField(negative.text, 'Code')).toBe('InvalidArgument')
  })

  it('answers V1 XML with S3 element names and the documented order', async () => {
    const res = await s3(server.url, 'GET', `/${Bucket}?delimiter=%2F&max-keys=2&prefix=dir%2F`)
    expect(res.status).toBe(200)
    const order = [
      'IsTruncated',
      'Marker',
      'NextMarker',
      'Contents',
      'Name',
      'Prefix',
      'Delimiter',
      'MaxKeys',
    ]
    const at = order.map((name) => res.text.indexOf(`<${name}>`))
    expect(at.every((i) => i >= 0)).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(xmlField(res.text, 'NextMarker')).toBe('dir/001')
    expect(res.text).toContain('<ETag>&quot;')
  })
})

describe('special keys in listings', () => {
  const Special = 'special-keys'
  const KEYS = [
    'a',
    'a/b',
    'a b+c',
    '100%',
    'x/../y',
    'x//z',
    'ключ/日本語',
    'emoji 😀',
    'amp&lt<',
    'tab\tkey',
  ]

  beforeAll(async () => {
    await client.send(new CreateBucketCommand({ Bucket: Special }))
    for (const Key of KEYS) await client.send(new PutObjectCommand({ Bucket: Special, Key, Body: Key }))
  })

  it('lists every key exactly as written, with and without encoding-type=url', async () => {
    const sorted = [...KEYS].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)))
    const plain = await client.send(new ListObjectsV2Command({ Bucket: Special }))
    expect(plain.Contents?.map((c) => c.Key)).toEqual(sorted)
    const encoded = await client.send(new ListObjectsV2Command({ Bucket: Special, EncodingType: 'url' }))
    expect(encoded.EncodingType).toBe('url')
    expect(encoded.Contents?.map((c) => decodeURIComponent(c.Key!))).toEqual(sorted)
    expect(encoded.Contents?.map((c) => c.Key)).toContain('a%20b%2Bc')
  })

  it('rolls common prefixes up with url encoding too', async () => {
    const res = await s3(server.url, 'GET', `/${Special}?list-type=2&delimiter=%2F&encoding-type=url`)
    const prefixes = [...res.text.matchAll(/<Prefix>([^<]+)<\/Prefix>/g)].map((m) =>
      decodeURIComponent(m[1]!),
    )
    expect(prefixes).toEqual(['a/', 'x/', 'ключ/'])
  })
})
