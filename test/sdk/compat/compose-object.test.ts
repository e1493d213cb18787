/**
 * composeObject (minio-js 8) through the Silo SDK and minio-js with the same arguments against a
 * Silo server, on one drive and on an erasure set.
 */
import { randomBytes } from 'node:crypto'
import * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import {
  CopyDestinationOptions,
  CopySourceOptions,
  type ICopyDestinationOptions,
  type ICopySourceOptions,
} from '../../../src/index.js'
import { both, type CompatEnv, normalise, readAll, useCompatServer, viaCallback } from './helpers.js'

type Which = 'silo' | 'minio'
const MiB = 1024 * 1024

function src(which: Which, fields: ICopySourceOptions): Minio.CopySourceOptions {
  return (
    which === 'silo' ? new CopySourceOptions(fields) : new Minio.CopySourceOptions(fields as never)
  ) as Minio.CopySourceOptions
}

function dst(which: Which, fields: ICopyDestinationOptions): Minio.CopyDestinationOptions {
  return (
    which === 'silo' ? new CopyDestinationOptions(fields) : new Minio.CopyDestinationOptions(fields as never)
  ) as Minio.CopyDestinationOptions
}

async function incompleteUploads(env: CompatEnv, bucket: string): Promise<unknown[]> {
  const found: unknown[] = []
  for await (const upload of env.silo.listIncompleteUploads(bucket, '', true)) found.push(upload)
  return found
}

for (const drives of [1, 4]) {
  describe(`composeObject through Silo and minio-js (${drives === 1 ? 'single drive' : 'erasure set'})`, () => {
    const env = useCompatServer({ drives })

    it('composes three sources, one ranged, into the same object and the same result', async () => {
      const bucket = await env.bucket()
      const a = randomBytes(6 * MiB)
      const b = randomBytes(7 * MiB)
      const c = randomBytes(100)
      await env.silo.putObject(bucket, 'a', a)
      await env.silo.putObject(bucket, 'b', b)
      await env.silo.putObject(bucket, 'c', c)
      // A range from byte 0: minio-js 8 drops a range's Start in compose (see the test below).
      const start = 0
      const end = 5 * MiB + 10
      const r = await both(env, async (client, which) => {
        const result = await client.composeObject(
          dst(which, { Bucket: bucket, Object: 'out', UserMetadata: { joined: 'yes' } }),
          [
            src(which, { Bucket: bucket, Object: 'a' }),
            src(which, { Bucket: bucket, Object: 'b', MatchRange: true, Start: start, End: end }),
            src(which, { Bucket: bucket, Object: 'c' }),
          ],
        )
        const body = await readAll(await client.getObject(bucket, 'out'))
        const stat = await client.statObject(bucket, 'out')
        return { result, body, metaData: stat.metaData }
      })
      expect(r.silo.ok).toBe(true)
      if (!r.silo.ok) return
      expect(r.silo.value.body.equals(Buffer.concat([a, b.subarray(start, end + 1), c]))).toBe(true)
      expect(r.silo.value.result).toMatchObject({ etag: expect.stringMatching(/-3$/), versionId: null })
      expect(r.silo.value.metaData).toMatchObject({ joined: 'yes' })
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      expect(await incompleteUploads(env, bucket)).toEqual([])
    })

    it('copies a range that starts inside its source (minio-js 8 copies from byte 0 instead)', async () => {
      const bucket = await env.bucket()
      const a = randomBytes(5 * MiB + 100)
      await env.silo.putObject(bucket, 'a', a)
      await env.silo.putObject(bucket, 'z', 'end')
      const start = 7
      const end = 5 * MiB + 50
      const r = await both(env, async (client, which) => {
        await client.composeObject(dst(which, { Bucket: bucket, Object: `out-${which}` }), [
          src(which, { Bucket: bucket, Object: 'a', MatchRange: true, Start: start, End: end }),
          src(which, { Bucket: bucket, Object: 'z' }),
        ])
        return readAll(await client.getObject(bucket, `out-${which}`))
      })
      const length = end - start + 1
      expect(
        r.silo.ok && r.silo.value.equals(Buffer.concat([a.subarray(start, end + 1), Buffer.from('end')])),
      ).toBe(true)
      expect(
        r.minio.ok && r.minio.value.equals(Buffer.concat([a.subarray(0, length), Buffer.from('end')])),
      ).toBe(true)
    })

    it('a single whole source is a plain copy with copyObject v2 result', async () => {
      const bucket = await env.bucket()
      await env.silo.putObject(bucket, 'only', 'just one')
      const r = await both(env, async (client, which) => {
        const result = await client.composeObject(dst(which, { Bucket: bucket, Object: 'out' }), [
          src(which, { Bucket: bucket, Object: 'only' }),
        ])
        return { result, body: (await readAll(await client.getObject(bucket, 'out'))).toString() }
      })
      expect(r.silo).toMatchObject({
        ok: true,
        value: { body: 'just one', result: { Bucket: bucket, Key: 'out' } },
      })
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('a part copy that fails aborts the upload: nothing left behind by either client', async () => {
      const bucket = await env.bucket()
      const { etag } = await env.silo.putObject(bucket, 'a', randomBytes(5 * MiB))
      await env.silo.putObject(bucket, 'b', 'tail')
      // The stat passes (HEAD ignores copy conditions); the part copy of 'a' then fails 412.
      const r = await both(env, (client, which) =>
        client.composeObject(dst(which, { Bucket: bucket, Object: 'out' }), [
          src(which, { Bucket: bucket, Object: 'a', NoMatchETag: etag }),
          src(which, { Bucket: bucket, Object: 'b' }),
        ]),
      )
      expect(r.silo).toMatchObject({ ok: false, name: 'S3Error', code: 'PreconditionFailed' })
      // minio-js 8 swallows the error and resolves with the abort's result (documented difference).
      expect(r.minio).toEqual({ ok: true, value: undefined })
      expect(await incompleteUploads(env, bucket)).toEqual([])
      await expect(env.silo.statObject(bucket, 'out')).rejects.toMatchObject({ code: 'NotFound' })
    })
  })
}

describe('composeObject argument checks, same errors as minio-js', () => {
  const env = useCompatServer()

  it('refuses an empty list, a small non-last source and an out-of-bounds range', async () => {
    const bucket = await env.bucket()
    await env.silo.putObject(bucket, 'small', 'tiny')
    await env.silo.putObject(bucket, 'big', randomBytes(5 * MiB))
    const cases: ((w: Which) => Minio.CopySourceOptions[])[] = [
      () => [],
      (w) => [src(w, { Bucket: bucket, Object: 'small' }), src(w, { Bucket: bucket, Object: 'big' })],
      (w) => [
        src(w, { Bucket: bucket, Object: 'big' }),
        src(w, { Bucket: bucket, Object: 'small', MatchRange: true, Start: 0, End: 4 }),
      ],
      (w) => [src(w, { Bucket: bucket, Object: 'big', MatchRange: true, Start: 3, End: 1 })],
    ]
    for (const sources of cases) {
      const r = await both(env, (client, which) =>
        client.composeObject(dst(which, { Bucket: bucket, Object: 'out' }), sources(which)),
      )
      expect(r.silo).toMatchObject({ ok: false })
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    }
  })

  it('a missing source fails the stat with NotFound through both', async () => {
    const bucket = await env.bucket()
    const r = await both(env, (client, which) =>
      client.composeObject(dst(which, { Bucket: bucket, Object: 'out' }), [
        src(which, { Bucket: bucket, Object: 'missing' }),
      ]),
    )
    expect(r.silo).toMatchObject({ ok: false, code: 'NotFound' })
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
  })

  it('refuses a destination of the wrong class', async () => {
    const r = await both(env, (client, which) =>
      client.composeObject({ Bucket: 'b', Object: 'k' } as never, [
        src(which, { Bucket: 'bkt', Object: 'k' }),
      ]),
    )
    expect(r.silo).toMatchObject({ ok: false, name: 'InvalidArgumentError' })
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
  })

  it('calls back, with or without options before the callback', async () => {
    const bucket = await env.bucket()
    await env.silo.putObject(bucket, 'x', 'xx')
    for (const [which, client] of [
      ['silo', env.siloAsMinio],
      ['minio', env.minio],
    ] as const) {
      const compose = client.composeObject as (...a: unknown[]) => unknown
      const plain = await viaCallback((cb) =>
        compose.call(
          client,
          dst(which, { Bucket: bucket, Object: 'o1' }),
          [src(which, { Bucket: bucket, Object: 'x' })],
          cb,
        ),
      )
      expect(plain.err).toBeNull()
      expect(plain.result).toMatchObject({ Key: 'o1' })
      const withOptions = await viaCallback((cb) =>
        compose.call(
          client,
          dst(which, { Bucket: bucket, Object: 'o2' }),
          [src(which, { Bucket: bucket, Object: 'missing' })],
          { maxConcurrency: 2 },
          cb,
        ),
      )
      expect(withOptions.err).toMatchObject({ code: 'NotFound' })
    }
  })
})
