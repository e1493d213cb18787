/**
 * Bucket replication configuration through the Silo SDK and minio-js against a real Silo server
 * (single drive and erasure set): set, get and remove give the same results and the same errors.
 */
import type * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { both, normalise, useCompatServer } from './helpers.js'

const CONFIG = {
  role: 'arn:minio:replication::b1a8:backup',
  rules: [
    {
      ID: 'photos',
      Status: 'Enabled',
      Priority: 1,
      DeleteMarkerReplication: { Status: 'Disabled' },
      Destination: { Bucket: 'arn:aws:s3:::backup', StorageClass: 'STANDARD' },
      Filter: {
        And: {
          Prefix: 'photos/',
          Tag: [
            { Key: 'kind', Value: 'raw' },
            { Key: 'team', Value: 'web' },
          ],
        },
      },
    },
    {
      ID: 'docs',
      Status: 'Disabled',
      Priority: 2,
      DeleteMarkerReplication: { Status: 'Disabled' },
      Destination: { Bucket: 'arn:aws:s3:::backup' },
      Filter: { Prefix: 'docs/' },
    },
  ],
}

for (const [backend, drives] of [
  ['single drive', 1],
  ['erasure set', 4],
] as const) {
  describe(`bucket replication through Silo and minio-js (${backend})`, () => {
    const env = useCompatServer({ drives })

    it('set, get, remove: same results', async () => {
      const r = await both(env, async (c: Minio.Client) => {
        // minio-js 8's typings list a `void` overload first; the call returns a Promise.
        const read = (bucket: string) =>
          c.getBucketReplication(bucket) as unknown as Promise<Minio.ReplicationConfig>
        const bucket = await env.bucket()
        const before = await read(bucket).catch((e: { code?: string }) => e.code)
        await c.setBucketReplication(bucket, CONFIG as never)
        const stored = await read(bucket)
        await c.removeBucketReplication(bucket)
        const after = await read(bucket).catch((e: { code?: string }) => e.code)
        const removedAgain = await c.removeBucketReplication(bucket)
        return { before, stored, after, removedAgain }
      })
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (r.silo.ok) {
        expect(r.silo.value.before).toBe('ReplicationConfigurationNotFoundError')
        expect(r.silo.value.stored).toEqual({ ReplicationConfiguration: CONFIG })
      }
    })

    it('the same errors for a configuration the server refuses and a missing bucket', async () => {
      const bucket = await env.bucket()
      const duplicate = { ...CONFIG, rules: [CONFIG.rules[0], { ...CONFIG.rules[1], ID: 'photos' }] }
      const refused = await both(env, (c) => c.setBucketReplication(bucket, duplicate as never))
      expect(refused.silo.ok).toBe(false)
      expect(normalise(refused.silo)).toEqual(normalise(refused.minio))
      const missing = await both(env, (c) => c.getBucketReplication('no-such-bucket-here'))
      expect(missing.silo).toMatchObject({ ok: false, code: 'NoSuchBucket' })
      expect(normalise(missing.silo)).toEqual(normalise(missing.minio))
    })
  })
}
