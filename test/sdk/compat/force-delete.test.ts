/**
 * `removeObject(bucket, prefix, { forceDelete: true })` (MinIO's `x-minio-force-delete`) through
 * the Silo SDK and minio-js against a real Silo server: the prefix and everything under it goes,
 * keys beside it stay.
 */
import type * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { both, normalise, useCompatServer } from './helpers.js'

async function names(c: Minio.Client, bucket: string): Promise<string[]> {
  const out: string[] = []
  for await (const item of c.listObjectsV2(bucket, '', true) as AsyncIterable<{ name: string }>)
    out.push(item.name)
  return out
}

for (const [backend, drives] of [
  ['single drive', 1],
  ['erasure set', 4],
] as const) {
  describe(`forceDelete through Silo and minio-js (${backend})`, () => {
    const env = useCompatServer({ drives })

    it('removes everything under the prefix, nothing else', async () => {
      const r = await both(env, async (c: Minio.Client) => {
        const bucket = await env.bucket()
        for (const key of ['old/a', 'old/b/c', 'older', 'keep/x']) await c.putObject(bucket, key, key)
        await c.removeObject(bucket, 'old/', { forceDelete: true })
        return names(c, bucket)
      })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      expect(r.silo.ok && r.silo.value).toEqual(['keep/x', 'older'])
    })
  })
}
