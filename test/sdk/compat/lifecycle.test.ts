/**
 * Bucket lifecycle configuration through the Silo SDK and minio-js against a real Silo server
 * (single drive and erasure set): set, get and remove give the same results and the same errors.
 */
import type * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { both, normalise, useCompatServer } from './helpers.js'

const code = (e: { code?: string; name?: string }) => e.code ?? e.name

const CONFIG = {
  Rule: [
    {
      ID: 'expire-logs',
      Status: 'Enabled',
      Filter: { And: { Prefix: 'logs/', Tag: [{ Key: 'kind', Value: 'debug' }] } },
      Expiration: { Days: 30 },
    },
    {
      ID: 'old-versions',
      Status: 'Enabled',
      Filter: { Prefix: '' },
      NoncurrentVersionExpiration: { NoncurrentDays: 7 },
      AbortIncompleteMultipartUpload: { DaysAfterInitiation: 2 },
    },
  ],
}

for (const [backend, drives] of [
  ['single drive', 1],
  ['erasure set', 4],
] as const) {
  describe(`bucket lifecycle through Silo and minio-js (${backend})`, () => {
    const env = useCompatServer({ drives })

    it('set, get, replace, remove: same results and errors', async () => {
      const r = await both(env, async (c: Minio.Client) => {
        const bucket = await env.bucket()
        const none = await c.getBucketLifecycle(bucket).catch(code)
        await c.setBucketLifecycle(bucket, CONFIG as never)
        const stored = await c.getBucketLifecycle(bucket)
        await c.setBucketLifecycle(bucket, {
          Rule: [{ ID: 'one', Status: 'Disabled', Filter: { Prefix: 'tmp/' }, Expiration: { Days: 1 } }],
        } as never)
        const replaced = await c.getBucketLifecycle(bucket)
        await c.setBucketLifecycle(bucket, null)
        const removed = await c.getBucketLifecycle(bucket).catch(code)
        await c.setBucketLifecycle(bucket, CONFIG as never)
        await c.removeBucketLifecycle(bucket)
        const removedAgain = await c.getBucketLifecycle(bucket).catch(code)
        const bad = await c
          .setBucketLifecycle(bucket, {
            Rule: [{ ID: 'x', Status: 'Maybe', Filter: { Prefix: '' }, Expiration: { Days: 1 } }],
          } as never)
          .catch(code)
        return { none, stored, replaced, removed, removedAgain, bad }
      })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (!r.silo.ok) return
      expect(r.silo.value.none).toBe('NoSuchLifecycleConfiguration')
      expect(r.silo.value.replaced).toMatchObject({ Rule: { ID: 'one', Expiration: { Days: 1 } } })
    })
  })
}
