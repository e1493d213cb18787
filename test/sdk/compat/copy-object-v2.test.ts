/**
 * copyObject in minio-js 8's form (CopySourceOptions, CopyDestinationOptions, cb?), through the
 * Silo SDK and minio-js with the same arguments against one Silo server. Each side builds the
 * option objects of its own library (each checks `instanceof` its own classes).
 */
import * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import {
  CopyDestinationOptions,
  CopySourceOptions,
  type ICopyDestinationOptions,
  type ICopySourceOptions,
} from '../../../src/index.js'
import { both, type CompatEnv, normalise, outcome, readAll, useCompatServer, viaCallback } from './helpers.js'

/** The suite, run once per storage backend. */
function suite(env: CompatEnv) {
  type Which = 'silo' | 'minio'

  function src(which: Which, fields: ICopySourceOptions): Minio.CopySourceOptions {
    return (
      which === 'silo' ? new CopySourceOptions(fields) : new Minio.CopySourceOptions(fields as never)
    ) as Minio.CopySourceOptions
  }

  function dst(which: Which, fields: ICopyDestinationOptions): Minio.CopyDestinationOptions {
    return (
      which === 'silo'
        ? new CopyDestinationOptions(fields)
        : new Minio.CopyDestinationOptions(fields as never)
    ) as Minio.CopyDestinationOptions
  }

  async function withSource(body = 'hello world') {
    const bucket = await env.bucket()
    const { etag } = await env.silo.putObject(bucket, 'src', body, undefined, {
      'Content-Type': 'text/plain',
      'x-amz-meta-origin': 'upload',
    })
    return { bucket, etag }
  }

  describe('copyObject v2 through Silo and minio-js', () => {
    it('copies with the source metadata and returns the same result', async () => {
      const { bucket } = await withSource()
      const r = await both(env, async (c, which) => {
        const result = await c.copyObject(
          src(which, { Bucket: bucket, Object: 'src' }),
          dst(which, { Bucket: bucket, Object: 'copy' }),
        )
        return { result, stat: await c.statObject(bucket, 'copy') }
      })
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (!r.silo.ok) return
      expect(Object.keys(r.silo.value.result).sort()).toEqual(
        ['Bucket', 'Etag', 'Key', 'LastModified', 'MetaData', 'SourceVersionId', 'Size', 'VersionId'].sort(),
      )
      expect(r.silo.value.result).toMatchObject({ Bucket: bucket, Key: 'copy', VersionId: null })
      expect(r.silo.value.stat.metaData).toMatchObject({ origin: 'upload', 'content-type': 'text/plain' })
    })

    it('replaces the metadata with UserMetadata and the REPLACE directive', async () => {
      const { bucket } = await withSource()
      const r = await both(env, async (c, which) => {
        await c.copyObject(
          src(which, { Bucket: bucket, Object: 'src' }),
          dst(which, {
            Bucket: bucket,
            Object: 'copy',
            UserMetadata: { owner: 'ana', count: 3 },
            MetadataDirective: 'REPLACE',
          }),
        )
        return (await c.statObject(bucket, 'copy')).metaData
      })
      expect(r.silo).toMatchObject({ ok: true, value: { owner: 'ana', count: '3' } })
      expect(r.silo.ok && r.silo.value.origin).toBeUndefined()
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('applies source conditions: a matching ETag copies, others fail alike', async () => {
      const { bucket, etag } = await withSource()
      const ok = await both(env, (c, which) =>
        c.copyObject(
          src(which, {
            Bucket: bucket,
            Object: 'src',
            MatchETag: etag,
            MatchModifiedSince: 'Sat, 01 Jan 2000 00:00:00 GMT',
          }),
          dst(which, { Bucket: bucket, Object: 'copy' }),
        ),
      )
      expect(ok.silo.ok).toBe(true)
      expect(normalise(ok.silo)).toEqual(normalise(ok.minio))
      for (const fields of [
        { NoMatchETag: etag },
        { MatchETag: 'ffffffffffffffffffffffffffffffff' },
        { MatchUnmodifiedSince: 'Sat, 01 Jan 2000 00:00:00 GMT' },
      ]) {
        const r = await both(env, (c, which) =>
          c.copyObject(
            src(which, { Bucket: bucket, Object: 'src', ...fields }),
            dst(which, { Bucket: bucket, Object: 'copy2' }),
          ),
        )
        expect(r.silo).toMatchObject({ ok: false, code: 'PreconditionFailed' })
        expect(normalise(r.silo)).toEqual(normalise(r.minio))
      }
    })

    it('tags the copy with UserTags through both', async () => {
      const { bucket } = await withSource()
      const r = await both(env, async (c, which) => {
        await c.copyObject(
          src(which, { Bucket: bucket, Object: 'src' }),
          dst(which, { Bucket: bucket, Object: `tagged-${which}`, UserTags: { team: 'a b' } }),
        )
        return c.getObjectTagging(bucket, `tagged-${which}`)
      })
      expect(r.silo).toMatchObject({ ok: true, value: [{ Key: 'team', Value: 'a b' }] })
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('refuses object lock fields on a bucket without object lock (InvalidRequest) through both', async () => {
      const { bucket } = await withSource()
      const until = new Date(Date.now() + 86_400_000).toISOString()
      for (const fields of [
        { Mode: 'GOVERNANCE' as const, RetainUntilDate: until },
        { LegalHold: 'ON' as const },
      ]) {
        const r = await both(env, (c, which) =>
          c.copyObject(
            src(which, { Bucket: bucket, Object: 'src' }),
            dst(which, { Bucket: bucket, Object: 'copy', ...fields } as ICopyDestinationOptions),
          ),
        )
        expect(r.silo).toMatchObject({ ok: false, code: 'InvalidRequest' })
        expect(normalise(r.silo)).toEqual(normalise(r.minio))
        expect((await outcome(() => env.silo.statObject(bucket, 'copy'))).ok).toBe(false)
      }
    })

    const invalid: [string, ICopySourceOptions, ICopyDestinationOptions][] = [
      ['a bad destination bucket', { Bucket: 'b-src', Object: 'src' }, { Bucket: 'Bad_Bucket', Object: 'x' }],
      ['an empty destination key', { Bucket: 'b-src', Object: 'src' }, { Bucket: 'b-dst', Object: '' }],
      [
        'a bad retention mode',
        { Bucket: 'b-src', Object: 'src' },
        { Bucket: 'b-dst', Object: 'x', Mode: 'FOREVER' as never },
      ],
    ]
    for (const [name, source, dest] of invalid) {
      it(`rejects ${name} with minio-js's error class`, async () => {
        const r = await both(env, (c, which) => c.copyObject(src(which, source), dst(which, dest)))
        expect(r.silo.ok).toBe(false)
        expect(normalise(r.silo)).toEqual(normalise(r.minio))
      })
    }

    it('rejects option objects of the wrong class with InvalidArgumentError', async () => {
      const r = await both(env, (c, which) =>
        c.copyObject({ Bucket: 'b', Object: 'k' } as never, dst(which, { Bucket: 'b', Object: 'k' })),
      )
      expect(r.silo).toMatchObject({ ok: false, name: 'InvalidArgumentError' })
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('a missing source fails with NoSuchKey through both', async () => {
      const bucket = await env.bucket()
      const r = await both(env, (c, which) =>
        c.copyObject(
          src(which, { Bucket: bucket, Object: 'nope' }),
          dst(which, { Bucket: bucket, Object: 'x' }),
        ),
      )
      expect(r.silo).toMatchObject({ ok: false, code: 'NoSuchKey' })
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('calls back with the result', async () => {
      const { bucket } = await withSource()
      for (const [which, client] of [
        ['silo', env.siloAsMinio],
        ['minio', env.minio],
      ] as const) {
        const out = await viaCallback((cb) =>
          (client.copyObject as (...a: unknown[]) => unknown)(
            src(which, { Bucket: bucket, Object: 'src' }),
            dst(which, { Bucket: bucket, Object: `cb-${which}` }),
            cb,
          ),
        )
        expect(out.err).toBeNull()
        expect(out.result).toMatchObject({ Bucket: bucket, Key: `cb-${which}` })
      }
    })
  })

  describe('copyObject v2: where Silo deliberately differs from minio-js 8', () => {
    it('copies only the range of a MatchRange source (minio-js 8 ignores the range and copies all)', async () => {
      const { bucket } = await withSource('hello world')
      const r = await both(env, async (c, which) => {
        await c.copyObject(
          src(which, { Bucket: bucket, Object: 'src', MatchRange: true, Start: 6, End: 10 }),
          dst(which, { Bucket: bucket, Object: `range-${which}` }),
        )
        return (await readAll(await c.getObject(bucket, `range-${which}`))).toString()
      })
      expect(r.silo).toEqual({ ok: true, value: 'world' })
      expect(r.minio).toEqual({ ok: true, value: 'hello world' })
    })

    it('returns the v2 result shape for a ranged copy', async () => {
      const { bucket } = await withSource('hello world')
      const result = await env.silo.copyObject(
        new CopySourceOptions({ Bucket: bucket, Object: 'src', MatchRange: true, Start: 0, End: 4 }),
        new CopyDestinationOptions({ Bucket: bucket, Object: 'r' }),
      )
      const stat = await env.silo.statObject(bucket, 'r')
      expect(result).toMatchObject({ Bucket: bucket, Key: 'r', Etag: stat.etag, VersionId: null })
      expect(result.LastModified).toBeInstanceOf(Date)
      expect(stat.size).toBe(5)
    })

    it('UserMetadata without a directive replaces the metadata (minio-js 8 sends COPY semantics)', async () => {
      const { bucket } = await withSource()
      await env.silo.copyObject(
        new CopySourceOptions({ Bucket: bucket, Object: 'src' }),
        new CopyDestinationOptions({ Bucket: bucket, Object: 'm', UserMetadata: { owner: 'ana' } }),
      )
      const { metaData } = await env.silo.statObject(bucket, 'm')
      expect(metaData.owner).toBe('ana')
      expect(metaData.origin).toBeUndefined()
    })

    it('refuses to send an SSE-C key over plain HTTP (the server would refuse it after it travelled)', async () => {
      const { bucket } = await withSource()
      const key = Buffer.alloc(32, 1).toString('base64')
      const sse = { type: 'SSE-C' as const, SSECustomerKey: key }
      const dest = new CopyDestinationOptions({ Bucket: bucket, Object: 'enc', Encryption: sse })
      const source = new CopySourceOptions({ Bucket: bucket, Object: 'src' })
      await expect(env.silo.copyObject(source, dest)).rejects.toMatchObject({ name: 'InvalidArgumentError' })
      await expect(
        env.silo.composeObject(new CopyDestinationOptions({ Bucket: bucket, Object: 'c' }), [
          new CopySourceOptions({ Bucket: bucket, Object: 'src', Encryption: sse }),
        ]),
      ).rejects.toMatchObject({
        name: 'InvalidArgumentError',
        message: expect.stringMatching(/only over HTTPS/),
      })
      await expect(env.silo.statObject(bucket, 'enc')).rejects.toMatchObject({ code: 'NotFound' })
    })

    it('accepts a destination Encryption (minio-js 8.0.7 rejects every non-empty one)', () => {
      const fields = {
        Bucket: 'bkt',
        Object: 'k',
        Encryption: { type: 'KMS' as const, SSEAlgorithm: 'AES256' },
      }
      expect(new CopyDestinationOptions(fields).validate()).toBe(true)
      expect(() => new Minio.CopyDestinationOptions(fields).validate()).toThrow(/Invalid Encryption/)
      expect(new CopyDestinationOptions(fields).getHeaders()).toEqual({
        'x-amz-server-side-encryption': 'AES256',
      })
    })
  })
}

for (const drives of [1, 4]) {
  describe(drives === 1 ? 'single drive' : 'erasure set', () => suite(useCompatServer({ drives })))
}
