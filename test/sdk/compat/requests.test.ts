/**
 * minio-js's lower-level public calls through the Silo SDK and minio-js against one Silo server:
 * the request primitives (makeRequest…), uploadPart (bytes and copy), the one-page listing
 * queries and `extensions.listObjectsV2WithMetadata`. Same arguments, same results.
 */
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import type * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { both, normalise, readAll, useCompatServer } from './helpers.js'

const env = useCompatServer()

// The request primitives are public in minio-js 8's typings; typed loosely here for both clients.
type Raw = {
  makeRequestAsync(
    o: object,
    payload?: unknown,
    codes?: number[],
    region?: string,
  ): Promise<Readable & RawInfo>
  makeRequestAsyncOmit(o: object, payload?: unknown, codes?: number[], region?: string): Promise<RawInfo>
  makeRequestStreamAsync(
    o: object,
    body: unknown,
    sha: string,
    codes: number[],
    region: string,
  ): Promise<RawInfo>
  makeRequest(
    o: object,
    payload: unknown,
    codes: number[],
    region: string,
    returnResponse: boolean,
    cb: (err: unknown, res: unknown) => void,
  ): void
  makeRequestStream(
    o: object,
    body: unknown,
    sha: string,
    codes: number[],
    region: string,
    returnResponse: boolean,
    cb: (err: unknown, res: unknown) => void,
  ): void
  uploadPart(config: object, payload?: unknown): Promise<{ etag: string; key: string; part: number }>
  listObjectsQuery(b: string, p: string, m: string, o: object): Promise<unknown>
  listObjectsV2Query(b: string, p: string, t: string, d: string, n: number, s: string): Promise<unknown>
  listIncompleteUploadsQuery(b: string, p: string, k: string, u: string, d: string): Promise<unknown>
}
type RawInfo = { statusCode: number; headers: Record<string, unknown> }
const raw = (c: Minio.Client) => c as unknown as Raw

describe('makeRequestAsync / makeRequestAsyncOmit / makeRequest / makeRequestStreamAsync', () => {
  it('send a request and answer its stream with statusCode and headers', async () => {
    const bucket = await env.bucket()
    const r = await both(env, async (c) => {
      const res = await raw(c).makeRequestAsync(
        { method: 'GET', bucketName: bucket, query: 'location' },
        '',
        [200],
      )
      return {
        status: res.statusCode,
        type: res.headers['content-type'],
        body: (await readAll(res)).toString(),
      }
    })
    expect(r.silo.ok).toBe(true)
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
  })

  it('refuse a status outside the expected ones with the server’s error', async () => {
    const bucket = await env.bucket()
    const r = await both(env, (c) =>
      raw(c).makeRequestAsync({ method: 'GET', bucketName: bucket, objectName: 'missing' }, '', [200]),
    )
    expect(r.silo).toMatchObject({ ok: false, code: 'NoSuchKey' })
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
  })

  it('Omit drops the body; the callback form and a stream body work', async () => {
    const bucket = await env.bucket()
    const r = await both(env, async (c, which) => {
      const body = Buffer.from('stream body')
      const sha = createHash('sha256').update(body).digest('hex')
      const put = await raw(c).makeRequestStreamAsync(
        {
          method: 'PUT',
          bucketName: bucket,
          objectName: `s-${which}`,
          headers: { 'Content-Length': body.length },
        },
        Readable.from([body]),
        sha,
        [200],
        '',
      )
      const head = await raw(c).makeRequestAsyncOmit({
        method: 'HEAD',
        bucketName: bucket,
        objectName: `s-${which}`,
      })
      const removed = await raw(c).makeRequestAsyncOmit(
        { method: 'DELETE', bucketName: bucket, objectName: `s-${which}` },
        '',
        [200, 204],
      )
      const viaCallback = await new Promise<unknown[]>((resolve) =>
        raw(c).makeRequest(
          { method: 'GET', bucketName: bucket, query: 'location' },
          '',
          [200],
          '',
          false,
          (e, res) => resolve([e, (res as RawInfo).statusCode]),
        ),
      )
      const streamed = await new Promise<unknown[]>((resolve) =>
        raw(c).makeRequestStream(
          {
            method: 'PUT',
            bucketName: bucket,
            objectName: `cb-${which}`,
            headers: { 'Content-Length': body.length },
          },
          Readable.from([body]),
          sha,
          [200],
          '',
          true,
          (e, res) => resolve([e, (res as RawInfo).statusCode, typeof (res as RawInfo).headers.etag]),
        ),
      )
      return {
        streamed,
        put: put.statusCode,
        size: head.headers['content-length'],
        removed: removed.statusCode,
        callback: viaCallback,
      }
    })
    expect(r.silo.ok).toBe(true)
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
    if (r.silo.ok) expect(r.silo.value.size).toBe(String('stream body'.length))
  })
})

describe('uploadPart', () => {
  it('uploads bytes and copies parts; completeMultipartUpload joins them', async () => {
    const bucket = await env.bucket()
    await env.silo.putObject(bucket, 'src', 'copied bytes')
    const r = await both(env, async (c, which) => {
      const key = `joined-${which}`
      const uploadID = await c.initiateNewMultipartUpload(bucket, key, {})
      const first = await raw(c).uploadPart(
        { bucketName: bucket, objectName: key, uploadID, partNumber: 1, headers: {} },
        Buffer.alloc(5 * 1024 * 1024, 'a'),
      )
      const second = await raw(c).uploadPart({
        bucketName: bucket,
        objectName: key,
        uploadID,
        partNumber: 2,
        headers: { 'x-amz-copy-source': `/${bucket}/src` },
      })
      await c.completeMultipartUpload(bucket, key, uploadID, [first, second])
      const body = await readAll(await c.getObject(bucket, key))
      return { first, second, size: body.length, tail: body.subarray(-12).toString() }
    })
    expect(r.silo.ok).toBe(true)
    // The same but for the key, which names the client.
    const rename = (o: unknown) =>
      JSON.parse(JSON.stringify(normalise(o)).replaceAll('joined-minio', 'joined-silo'))
    expect(normalise(r.silo)).toEqual(rename(r.minio))
    if (r.silo.ok) {
      expect(r.silo.value).toMatchObject({ size: 5 * 1024 * 1024 + 12, tail: 'copied bytes' })
      expect(r.silo.value.first).toMatchObject({ key: 'joined-silo', part: 1 })
    }
  })
})

describe('listing queries', () => {
  async function fill(bucket: string) {
    for (const key of ['a.txt', 'b c.txt', 'dir/x', 'dir/y', 'z+1'])
      await env.silo.putObject(bucket, key, key)
  }

  it('listObjectsQuery (V1): a page, the next marker, common prefixes', async () => {
    const bucket = await env.bucket()
    await fill(bucket)
    for (const [marker, opts] of [
      ['', { Delimiter: '/', MaxKeys: 2 }],
      ['b c.txt', { Delimiter: '/', MaxKeys: 1000 }],
      ['', { Delimiter: '', MaxKeys: 1000 }],
    ] as const) {
      const r = await both(env, (c) => raw(c).listObjectsQuery(bucket, '', marker, opts))
      expect(r.silo.ok).toBe(true)
      // minio-js hands back NextMarker still URL-encoded ('b%20c.txt'), which it would escape
      // again if passed back; Silo's is the key ('b c.txt'), the marker the next call needs.
      const marked = r.silo as { value: { nextMarker?: string } }
      if (opts.MaxKeys === 2) expect(marked.value.nextMarker).toBe('b c.txt')
      const withoutMarker = (o: unknown) => ({
        ...(normalise(o) as { value: object }),
        value: { ...(normalise(o) as { value: object }).value, nextMarker: '-' },
      })
      expect(withoutMarker(r.silo), JSON.stringify([marker, opts])).toEqual(withoutMarker(r.minio))
    }
    const bad = await both(env, (c) => raw(c).listObjectsQuery(bucket, '', '', { Delimiter: '/' }))
    expect(normalise(bad.silo)).toEqual(normalise(bad.minio))
  })

  it('listObjectsV2Query: pages by continuation token', async () => {
    const bucket = await env.bucket()
    await fill(bucket)
    const first = await both(env, (c) => raw(c).listObjectsV2Query(bucket, '', '', '/', 2, ''))
    expect(normalise(first.silo)).toEqual(normalise(first.minio))
    const token = (first.silo as { value: { nextContinuationToken: string } }).value.nextContinuationToken
    expect(token).not.toBe('')
    const next = await both(env, (c) => raw(c).listObjectsV2Query(bucket, '', token, '/', 1000, ''))
    expect(next.silo.ok).toBe(true)
    expect(normalise(next.silo)).toEqual(normalise(next.minio))
    const after = await both(env, (c) => raw(c).listObjectsV2Query(bucket, 'dir/', '', '', 1000, 'dir/x'))
    expect(normalise(after.silo)).toEqual(normalise(after.minio))
  })

  it('listIncompleteUploadsQuery: uploads and prefixes', async () => {
    const bucket = await env.bucket()
    for (const key of ['big', 'dir/big']) await env.silo.initiateNewMultipartUpload(bucket, key, {})
    for (const delimiter of ['', '/']) {
      const r = await both(env, (c) => raw(c).listIncompleteUploadsQuery(bucket, '', '', '', delimiter))
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    }
  })

  it('extensions.listObjectsV2WithMetadata', async () => {
    const bucket = await env.bucket()
    await fill(bucket)
    const r = await both(env, async (c) => {
      const items: unknown[] = []
      for await (const item of c.extensions.listObjectsV2WithMetadata(bucket, '', true, '')) items.push(item)
      return items
    })
    expect(r.silo.ok).toBe(true)
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
  })
})
