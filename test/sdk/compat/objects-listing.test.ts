/**
 * Object, listing and presigning methods no other compat file covers, through the Silo SDK and
 * minio-js against one Silo server: statObject, getPartialObject, fPutObject / fGetObject,
 * removeObjects' result shape, listObjects / listObjectsV2 / listIncompleteUploads, and the
 * presigned URLs (compared by their query keys, not their signatures) and POST policies.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostPolicy } from '../../../src/index.js'
import { both, normalise, readAll, useCompatServer } from './helpers.js'

const env = useCompatServer()
let scratch: string

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'silo-compat-files-'))
})
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = []
  for await (const item of stream) items.push(item)
  return items
}

describe('objects', () => {
  it('statObject: same stat, same errors', async () => {
    const bucket = await env.bucket()
    await env.silo.putObject(bucket, 'a.txt', 'hello', undefined, {
      'Content-Type': 'text/plain',
      'X-Amz-Meta-Owner': 'ann',
    })
    const r = await both(env, (c) => c.statObject(bucket, 'a.txt'))
    expect(r.silo.ok).toBe(true)
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
    for (const call of [
      (c: Minio.Client) => c.statObject(bucket, 'missing'),
      (c: Minio.Client) => c.statObject('no-such-bucket-x', 'a'),
      (c: Minio.Client) => c.statObject(bucket, ''),
    ]) {
      const failed = await both(env, call)
      expect(failed.silo.ok).toBe(false)
      expect(normalise(failed.silo), call.toString()).toEqual(normalise(failed.minio))
    }
  })

  it('getPartialObject: the same bytes for offset and offset+length', async () => {
    const bucket = await env.bucket()
    await env.silo.putObject(bucket, 'digits', '0123456789')
    const r = await both(env, async (c) => ({
      tail: (await readAll(await c.getPartialObject(bucket, 'digits', 4))).toString(),
      middle: (await readAll(await c.getPartialObject(bucket, 'digits', 2, 3))).toString(),
    }))
    expect(r.silo).toEqual({ ok: true, value: { tail: '456789', middle: '234' } })
    expect(r.minio).toEqual(r.silo)
    const beyond = await both(env, (c) => c.getPartialObject(bucket, 'digits', 20))
    expect(normalise(beyond.silo)).toEqual(normalise(beyond.minio))
  })

  it('fPutObject and fGetObject: same result, same file', async () => {
    const bucket = await env.bucket()
    const source = join(scratch, 'source.json')
    await writeFile(source, '{"a":1}')
    const r = await both(env, async (c, which) => {
      const put = await c.fPutObject(bucket, `f-${which}`, source, { 'x-amz-meta-kind': 'json' })
      const target = join(scratch, `got-${which}`, 'file.json')
      const got = await c.fGetObject(bucket, `f-${which}`, target)
      const stat = await c.statObject(bucket, `f-${which}`)
      return { put, got, body: await readFile(target, 'utf8'), type: stat.metaData['content-type'] }
    })
    expect(r.silo.ok).toBe(true)
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
    if (r.silo.ok) expect(r.silo.value).toMatchObject({ body: '{"a":1}', type: 'application/json' })
    const missing = await both(env, (c) => c.fPutObject(bucket, 'x', join(scratch, 'nothing-here')))
    // minio-js rejects with the file system's own Error; Silo with InvalidArgumentError carrying
    // the same code.
    expect(missing.minio).toMatchObject({ ok: false, code: 'ENOENT' })
    expect(missing.silo).toMatchObject({ ok: false, name: 'InvalidArgumentError', code: 'ENOENT' })
  })

  it('removeObjects: the same result for names and { name } entries', async () => {
    const bucket = await env.bucket()
    const r = await both(env, async (c, which) => {
      for (const key of ['1', '2', '3']) await c.putObject(bucket, `${which}/${key}`, key)
      const byName = await c.removeObjects(bucket, [`${which}/1`, `${which}/missing`])
      const byEntry = await c.removeObjects(bucket, [{ name: `${which}/2` }, { name: `${which}/3` }])
      const left = await collect(c.listObjectsV2(bucket, `${which}/`, true))
      return { byName, byEntry, left }
    })
    expect(r.silo.ok).toBe(true)
    const rename = (o: unknown) => JSON.parse(JSON.stringify(normalise(o)).replaceAll('minio/', 'silo/'))
    expect(normalise(r.silo)).toEqual(rename(r.minio))
  })
})

describe('getObject, removeObject, listenBucketNotification', () => {
  it('getObject and removeObject: same bytes, same results and errors', async () => {
    const bucket = await env.bucket()
    const r = await both(env, async (c, which) => {
      await c.putObject(bucket, `k-${which}`, 'payload')
      const body = (await readAll(await c.getObject(bucket, `k-${which}`))).toString()
      const removed = await c.removeObject(bucket, `k-${which}`)
      const removedAgain = await c.removeObject(bucket, `k-${which}`)
      const gone = await c.getObject(bucket, `k-${which}`).catch((e: { code?: string }) => e.code)
      return { body, removed, removedAgain, gone }
    })
    expect(r.silo).toEqual({
      ok: true,
      value: { body: 'payload', removed: undefined, removedAgain: undefined, gone: 'NoSuchKey' },
    })
    expect(r.minio).toEqual(r.silo)
    const bad = await both(env, (c) => c.removeObject('Bad_Name', 'k'))
    expect(normalise(bad.silo)).toEqual(normalise(bad.minio))
  })

  it('listenBucketNotification: both hear the same record for an upload', async () => {
    const bucket = await env.bucket()
    const heard = await both(env, async (c, which) => {
      const listener = c.listenBucketNotification(bucket, `${which}/`, '.txt', ['s3:ObjectCreated:*'])
      try {
        const record = new Promise<Record<string, unknown>>((resolve, reject) => {
          listener.on('notification', (event: unknown) => resolve(event as Record<string, unknown>))
          listener.on('error', reject)
        })
        // The subscription is open once the server has answered; an upload before that is not heard.
        let got: Record<string, unknown> | undefined
        void record.then((r) => {
          got = r
        })
        for (let attempt = 0; got === undefined && attempt < 50; attempt++) {
          await c.putObject(bucket, `${which}/a.txt`, 'x')
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        const { eventName, s3 } = (await record) as {
          eventName: string
          s3: { object: { key: string; size: number } }
        }
        return { eventName, key: s3.object.key.replace(which, '*'), size: s3.object.size }
      } finally {
        listener.stop()
      }
    })
    expect(heard.silo).toEqual({
      ok: true,
      value: { eventName: 's3:ObjectCreated:Put', key: '*%2Fa.txt', size: 1 },
    })
    expect(heard.minio).toEqual(heard.silo)
  })
})

describe('listings', () => {
  async function fill(bucket: string) {
    for (const key of ['a.txt', 'b c.txt', 'dir/x', 'dir/sub/y', 'z%1', 'ü.txt'])
      await env.silo.putObject(bucket, key, key)
  }

  it('listObjects and listObjectsV2: the same items, directory-style and recursive', async () => {
    const bucket = await env.bucket()
    await fill(bucket)
    for (const [prefix, recursive] of [
      ['', false],
      ['', true],
      ['dir/', false],
      ['dir/', true],
    ] as const) {
      const r = await both(env, async (c) => ({
        v1: await collect(c.listObjects(bucket, prefix, recursive)),
        v2: await collect(c.listObjectsV2(bucket, prefix, recursive)),
        after: await collect(c.listObjectsV2(bucket, prefix, true, 'dir/x')),
      }))
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo), `${prefix} ${recursive}`).toEqual(normalise(r.minio))
    }
    const bad = await both(env, (c) => collect(c.listObjects('Bad_Name')))
    expect(normalise(bad.silo)).toEqual(normalise(bad.minio))
  })

  it('listIncompleteUploads: the same uploads', async () => {
    const bucket = await env.bucket()
    for (const key of ['big', 'dir/big']) await env.silo.initiateNewMultipartUpload(bucket, key, {})
    for (const [prefix, recursive] of [
      ['', true],
      ['', false],
      ['dir/', true],
    ] as const) {
      const r = await both(env, (c) => collect(c.listIncompleteUploads(bucket, prefix, recursive)))
      expect(r.silo.ok).toBe(true)
      // Silo's prefix items also carry `size: 0` (as its listObjects prefixes do).
      const prefixSizeless = (o: unknown) =>
        JSON.parse(JSON.stringify(normalise(o)).replaceAll(/("prefix":"[^"]*"),"size":0/g, '$1'))
      expect(prefixSizeless(r.silo), `${prefix} ${recursive}`).toEqual(normalise(r.minio))
    }
  })
})

describe('presigning', () => {
  const keysOf = (url: string) => {
    const parsed = new URL(url)
    return { path: parsed.pathname, host: parsed.host, keys: [...parsed.searchParams.keys()].sort() }
  }

  it('presignedGetObject / presignedPutObject / presignedUrl: the same URL but the signature, and they work', async () => {
    const bucket = await env.bucket()
    await env.silo.putObject(bucket, 'a b.txt', 'hello')
    const date = new Date('2026-01-02T03:04:05Z')
    const r = await both(env, async (c) => ({
      get: keysOf(await c.presignedGetObject(bucket, 'a b.txt', 600)),
      getWithHeaders: keysOf(
        await c.presignedGetObject(bucket, 'a b.txt', 600, { 'response-content-type': 'text/csv' }, date),
      ),
      put: keysOf(await c.presignedPutObject(bucket, 'up.txt', 60)),
      list: keysOf(await c.presignedUrl('GET', bucket, '', 60, { prefix: 'a', 'max-keys': '5' })),
    }))
    expect(r.silo.ok).toBe(true)
    expect(r.silo).toEqual(r.minio)
    const url = await env.silo.presignedGetObject(bucket, 'a b.txt', 600)
    expect(await (await fetch(url)).text()).toBe('hello')
    const withDate = await both(env, (c) => c.presignedGetObject(bucket, 'a b.txt', 600, {}, date))
    const sameParams = (u: string) => new URL(u).searchParams.get('X-Amz-Date')
    expect(sameParams((withDate.silo as { value: string }).value)).toBe('20260102T030405Z')
    expect(sameParams((withDate.minio as { value: string }).value)).toBe('20260102T030405Z')
    for (const expiry of [0, -1, 604801]) {
      const r = await both(env, async (c) => keysOf(await c.presignedGetObject(bucket, 'a', expiry)))
      expect(normalise(r.silo), String(expiry)).toEqual(normalise(r.minio))
    }
  })

  it('presignedPostPolicy: the same form fields', async () => {
    const bucket = await env.bucket()
    const r = await both(env, async (c, which) => {
      const policy = which === 'silo' ? new PostPolicy() : c.newPostPolicy()
      policy.setBucket(bucket)
      policy.setKey('upload.txt')
      policy.setExpires(new Date(Date.now() + 600_000))
      policy.setContentType('text/plain')
      policy.setContentLengthRange(1, 1024)
      const { postURL, formData } = await c.presignedPostPolicy(policy as Minio.PostPolicy)
      return { postURL, fields: Object.keys(formData).sort() }
    })
    expect(r.silo.ok).toBe(true)
    expect(r.silo).toEqual(r.minio)
  })
})
