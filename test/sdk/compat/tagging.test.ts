/**
 * Bucket and object tags through the Silo SDK and minio-js against a real Silo server (single
 * drive and erasure set): set, get and remove give the same results and the same errors.
 */
import type * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { both, normalise, useCompatServer } from './helpers.js'

const code = (e: { code?: string; name?: string }) => e.code ?? e.name

for (const [backend, drives] of [
  ['single drive', 1],
  ['erasure set', 4],
] as const) {
  describe(`tagging through Silo and minio-js (${backend})`, () => {
    const env = useCompatServer({ drives })

    it('bucket tags: set, get, remove', async () => {
      const r = await both(env, async (c: Minio.Client) => {
        const bucket = await env.bucket()
        const none = await c.getBucketTagging(bucket).catch(code)
        await c.setBucketTagging(bucket, { team: 'web', n: '7' })
        const stored = await c.getBucketTagging(bucket)
        await c.removeBucketTagging(bucket)
        const after = await c.getBucketTagging(bucket).catch(code)
        return { none, stored, after }
      })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })

    it('object tags: set, get, versions, remove, errors', async () => {
      const r = await both(env, async (c: Minio.Client) => {
        const bucket = await env.bucket()
        await c.setBucketVersioning(bucket, { Status: 'Enabled' })
        const v1 = await c.putObject(bucket, 'a.txt', 'one')
        await c.putObject(bucket, 'a.txt', 'two')
        const none = await c.getObjectTagging(bucket, 'a.txt')
        await c.setObjectTagging(bucket, 'a.txt', { stage: 'raw', 'a b': 'c d' })
        await c.setObjectTagging(bucket, 'a.txt', { old: 'yes' }, { versionId: v1.versionId! })
        const latest = await c.getObjectTagging(bucket, 'a.txt')
        const first = await c.getObjectTagging(bucket, 'a.txt', { versionId: v1.versionId! })
        await c.removeObjectTagging(bucket, 'a.txt', { versionId: v1.versionId! } as never)
        const firstAfter = await c.getObjectTagging(bucket, 'a.txt', { versionId: v1.versionId! })
        const latestAfter = await c.getObjectTagging(bucket, 'a.txt')
        const missing = await c.getObjectTagging(bucket, 'none').catch(code)
        const tooLong = await c.setObjectTagging(bucket, 'a.txt', { k: 'v'.repeat(257) }).catch(code)
        const badChar = await c.setObjectTagging(bucket, 'a.txt', { k: 'c&d' }).catch(code)
        return { none, latest, first, firstAfter, latestAfter, missing, tooLong, badChar }
      })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (!r.silo.ok) return
      expect(r.silo.value.first).toEqual([{ Key: 'old', Value: 'yes' }])
      expect(r.silo.value.missing).toBe('NoSuchKey')
    })
  })
}
