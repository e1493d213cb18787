/**
 * copyObject in minio-js 7's form (bucket, key, '/srcBucket/srcKey', CopyConditions?, cb?),
 * called with the same arguments through the Silo SDK and minio-js against one Silo server.
 */
import * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { CopyConditions } from '../../../src/index.js'
import { both, type CompatEnv, normalise, readAll, useCompatServer, viaCallback } from './helpers.js'

/** The suite, run once per storage backend. */
function suite(env: CompatEnv) {
  /** A CopyConditions of the calling client's own class (each checks `instanceof` its own). */
  function conditionsFor(which: 'silo' | 'minio', set: (c: CopyConditions) => void): Minio.CopyConditions {
    const conditions = which === 'silo' ? new CopyConditions() : new Minio.CopyConditions()
    set(conditions as CopyConditions)
    return conditions as Minio.CopyConditions
  }

  async function sourceIn(bucket: string, body = 'hello') {
    const { etag } = await env.silo.putObject(bucket, 'src', body)
    return etag
  }

  describe('copyObject v1 through Silo and minio-js', () => {
    it('copies without conditions: same result, same bytes', async () => {
      const bucket = await env.bucket()
      await sourceIn(bucket)
      const r = await both(env, async (c) => {
        const result = await c.copyObject(bucket, 'copy', `/${bucket}/src`)
        return { result, body: await readAll(await c.getObject(bucket, 'copy')) }
      })
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (r.silo.ok) expect(r.silo.value.body.toString()).toBe('hello')
    })

    it('accepts the source without its leading slash', async () => {
      const bucket = await env.bucket()
      await sourceIn(bucket)
      const r = await both(env, (c) => c.copyObject(bucket, 'copy', `${bucket}/src`))
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('copies when every condition holds', async () => {
      const bucket = await env.bucket()
      const etag = await sourceIn(bucket)
      const r = await both(env, (c, which) =>
        c.copyObject(
          bucket,
          'copy',
          `/${bucket}/src`,
          conditionsFor(which, (k) => {
            k.setMatchETag(etag)
            k.setMatchETagExcept('0123456789abcdef0123456789abcdef')
            k.setModified(new Date(Date.UTC(2000, 0, 1)))
            k.setUnmodified(new Date(Date.now() + 86_400_000))
          }),
        ),
      )
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    const failing: [string, (k: CopyConditions, etag: string) => void][] = [
      ['setMatchETag with another ETag', (k) => k.setMatchETag('0123456789abcdef0123456789abcdef')],
      ['setMatchETagExcept with the ETag', (k, etag) => k.setMatchETagExcept(etag)],
      ['setUnmodified before the write', (k) => k.setUnmodified(new Date(Date.UTC(2000, 0, 1)))],
      ['setModified after the write', (k) => k.setModified(new Date(Date.now() + 86_400_000))],
    ]
    for (const [name, set] of failing) {
      it(`fails the same way when ${name}`, async () => {
        const bucket = await env.bucket()
        const etag = await sourceIn(bucket)
        const r = await both(env, (c, which) =>
          c.copyObject(
            bucket,
            'copy',
            `/${bucket}/src`,
            conditionsFor(which, (k) => set(k, etag)),
          ),
        )
        expect(r.silo).toMatchObject({ ok: false, name: 'S3Error', code: 'PreconditionFailed' })
        expect(normalise(r.silo)).toEqual(normalise(r.minio))
        await expect(env.silo.statObject(bucket, 'copy')).rejects.toMatchObject({ code: 'NotFound' })
      })
    }

    it('keeps an invalid Date as minio-js does: sent as "Invalid Date", ignored by the server', async () => {
      const bucket = await env.bucket()
      await sourceIn(bucket)
      const silo = new CopyConditions()
      silo.setModified(new Date('not a date'))
      silo.setUnmodified(new Date(Number.NaN))
      const minio = new Minio.CopyConditions()
      minio.setModified(new Date('not a date'))
      minio.setUnmodified(new Date(Number.NaN))
      expect({ ...silo }).toEqual({ ...minio })
      expect(silo.modified).toBe('Invalid Date')
      const r = await both(env, (c, which) =>
        c.copyObject(bucket, `copy-${which}`, `/${bucket}/src`, which === 'silo' ? (silo as never) : minio),
      )
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('throws the same TypeError for a date that is not a Date', () => {
      const silo = (() => {
        try {
          new CopyConditions().setModified('2024-01-01' as never)
        } catch (e) {
          return e
        }
      })()
      const minio = (() => {
        try {
          new Minio.CopyConditions().setModified('2024-01-01' as never)
        } catch (e) {
          return e
        }
      })()
      expect(silo).toBeInstanceOf(TypeError)
      expect((silo as Error).message).toBe((minio as Error).message)
    })

    const badArguments: [string, unknown[]][] = [
      ['an empty source', ['copy', '']],
      ['a source that is not a string', ['copy', 42]],
      ['conditions that are not CopyConditions', ['copy', '/b/src', { matchETag: 'x' }]],
      ['an invalid object name', ['', '/b/src']],
    ]
    for (const [name, args] of badArguments) {
      it(`rejects ${name} with minio-js's error class`, async () => {
        const bucket = await env.bucket()
        const r = await both(env, (c) =>
          (c.copyObject as (...a: unknown[]) => Promise<unknown>)(bucket, ...args),
        )
        expect(r.silo.ok).toBe(false)
        expect(normalise(r.silo)).toEqual(normalise(r.minio))
      })
    }

    it('rejects an invalid bucket name the same way', async () => {
      const r = await both(env, (c) => c.copyObject('Bad_Bucket', 'copy', '/b/src'))
      expect(r.silo).toMatchObject({ ok: false, name: 'InvalidBucketNameError' })
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('answers NoSuchKey for a missing source through both', async () => {
      const bucket = await env.bucket()
      const r = await both(env, (c) => c.copyObject(bucket, 'copy', `/${bucket}/missing`))
      expect(r.silo).toMatchObject({ ok: false, code: 'NoSuchKey' })
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('calls back in both callback positions', async () => {
      const bucket = await env.bucket()
      const etag = await sourceIn(bucket)
      for (const client of [env.siloAsMinio, env.minio]) {
        const which = client === env.minio ? 'minio' : 'silo'
        const plain = await viaCallback((cb) =>
          (client.copyObject as (...a: unknown[]) => unknown)(bucket, 'c1', `/${bucket}/src`, cb),
        )
        expect(plain.err).toBeNull()
        // Silo returns undefined with a callback; minio-js 8 returns its internal promise.
        if (which === 'silo') expect(plain.returned).toBeUndefined()
        expect(plain.result).toMatchObject({ etag })
        const conditions = conditionsFor(which, (k) => k.setMatchETag('ffffffffffffffffffffffffffffffff'))
        const failed = await viaCallback((cb) =>
          (client.copyObject as (...a: unknown[]) => unknown)(bucket, 'c2', `/${bucket}/src`, conditions, cb),
        )
        expect(failed.err).toMatchObject({ code: 'PreconditionFailed' })
      }
    })
  })
}

for (const drives of [1, 4]) {
  describe(drives === 1 ? 'single drive' : 'erasure set', () => suite(useCompatServer({ drives })))
}
