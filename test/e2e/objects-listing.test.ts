/**
 * Listings end to end: 2,600 keys listed by the Silo SDK (V1 and V2, recursive and
 * directory-style) against the real server, cross-checked with @aws-sdk/client-s3, and keys with
 * special characters written by one client and listed / read by the other.
 */
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '../../src/index.js'
import { awsRootClient, siloRootClient } from './helpers/root-clients.js'
import { type RunningServer, startServer } from './helpers/server.js'

let server: RunningServer
let silo: Client
let aws: S3Client
const bucket = 'listing-e2e'
// 5 folders × 500 keys, plus 100 keys at the top: 2,600 keys, more than two pages of 1,000.
const KEYS = [
  ...Array.from({ length: 2500 }, (_, i) => `dir-${i % 5}/file-${String(i).padStart(4, '0')}.txt`),
  ...Array.from({ length: 100 }, (_, i) => `top-${String(i).padStart(3, '0')}.txt`),
]
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = []
  for await (const item of stream) items.push(item)
  return items
}

beforeAll(async () => {
  server = await startServer()
  silo = siloRootClient(server)
  aws = awsRootClient(server)
  await silo.makeBucket(bucket)
  const queue = [...KEYS]
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let key = queue.pop(); key !== undefined; key = queue.pop()) await silo.putObject(bucket, key, key)
    }),
  )
}, 120_000)
afterAll(async () => {
  aws?.destroy()
  await server?.stop()
})

describe('listing 2,600 keys', () => {
  it('listObjectsV2 recursive returns every key once, in order, with size and etag', async () => {
    const items = await collect(silo.listObjectsV2(bucket, '', true))
    expect(items.map((i) => i.name)).toEqual([...KEYS].sort(byteOrder))
    const first = items[0]!
    if (first.name === undefined) throw new Error('expected an object, got a prefix')
    expect(first).toMatchObject({ name: 'dir-0/file-0000.txt', size: 'dir-0/file-0000.txt'.length })
    expect(first.etag).toMatch(/^[0-9a-f]{32}$/)
    expect(first.lastModified).toBeInstanceOf(Date)
  })

  it('listObjects (V1) recursive returns the same keys as @aws-sdk/client-s3 pages out', async () => {
    const v1 = (await collect(silo.listObjects(bucket, '', true))).map((i) => i.name)
    const fromAws: string[] = []
    let token: string | undefined
    do {
      const page = await aws.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
      fromAws.push(...(page.Contents ?? []).map((c) => c.Key!))
      token = page.NextContinuationToken
    } while (token)
    expect(v1).toEqual(fromAws)
    expect(v1).toHaveLength(2600)
  })

  it('directory-style (not recursive) lists the top files and one prefix per folder, V1 and V2', async () => {
    const expected = [
      ...['dir-0/', 'dir-1/', 'dir-2/', 'dir-3/', 'dir-4/'].map((prefix) => ({ prefix, size: 0 })),
      ...KEYS.filter((k) => k.startsWith('top-')),
    ]
    const names = (items: Array<{ name?: string; prefix?: string }>) =>
      items.map((i) => i.name ?? i.prefix ?? '').sort(byteOrder)
    const want = expected.map((e) => (typeof e === 'string' ? e : e.prefix)).sort(byteOrder)
    const v2 = await collect(silo.listObjectsV2(bucket))
    expect(names(v2)).toEqual(want)
    expect(v2).toContainEqual({ prefix: 'dir-3/', size: 0 })
    expect(names(await collect(silo.listObjects(bucket, '', false, { MaxKeys: 7 })))).toEqual(want)
    const inFolder = await collect(silo.listObjectsV2(bucket, 'dir-2/', false))
    expect(inFolder).toHaveLength(500)
  })

  it('listObjectsV2 starts after startAfter, across page boundaries with small pages', async () => {
    const all = [...KEYS].sort(byteOrder)
    const items = await collect(
      silo.listObjectsV2(bucket, 'dir-1/', true, 'dir-1/file-1500.txt', { MaxKeys: 33 }),
    )
    expect(items.map((i) => i.name)).toEqual(
      all.filter((k) => k.startsWith('dir-1/') && k > 'dir-1/file-1500.txt'),
    )
  })
})

describe('special-character keys', () => {
  const SPECIAL = [
    'a b c.txt',
    'plus+sign',
    'percent%41%2F',
    'question?mark&amp=1#hash',
    'ünïcödé/ñ/€uro.txt',
    'emoji-😀.png',
    'quotes-"double"-\'single\'',
    '<angle>&brackets',
    'dir//double-slash',
    'trailing-slash/',
    '~tilde!star*(paren)',
  ]

  it('round-trip: Silo writes, @aws-sdk/client-s3 reads; aws writes, Silo lists and reads', async () => {
    const prefix = `special-${randomBytes(2).toString('hex')}/`
    for (const key of SPECIAL) await silo.putObject(bucket, `${prefix}silo/${key}`, `silo:${key}`)
    for (const key of SPECIAL) {
      await aws.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}aws/${key}`, Body: `aws:${key}` }))
    }
    const listed = (await collect(silo.listObjectsV2(bucket, prefix, true))).map((i) => i.name)
    const expected = SPECIAL.flatMap((k) => [`${prefix}silo/${k}`, `${prefix}aws/${k}`]).sort(byteOrder)
    expect(listed).toEqual(expected)
    expect((await collect(silo.listObjects(bucket, prefix, true))).map((i) => i.name)).toEqual(expected)
    for (const key of SPECIAL) {
      const got = await aws.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}silo/${key}` }))
      expect(
        await (got.Body as Readable & { transformToString(): Promise<string> }).transformToString(),
      ).toBe(`silo:${key}`)
      const body: Buffer[] = []
      for await (const c of await silo.getObject(bucket, `${prefix}aws/${key}`)) body.push(Buffer.from(c))
      expect(Buffer.concat(body).toString()).toBe(`aws:${key}`)
    }
  })
})
