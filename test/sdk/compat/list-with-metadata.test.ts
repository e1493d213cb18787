/**
 * `extensions.listObjectsV2WithMetadata` (MinIO's `metadata=true` listing) through the Silo SDK
 * and minio-js against a real Silo server (single drive and erasure set), with user metadata and
 * object tags set: the same items, metadata and tags, as minio-js parses them.
 */
import type * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { both, normalise, useCompatServer } from './helpers.js'

for (const [backend, drives] of [
  ['single drive', 1],
  ['erasure set', 4],
] as const) {
  describe(`listObjectsV2WithMetadata through Silo and minio-js (${backend})`, () => {
    const env = useCompatServer({ drives })

    it('lists user metadata and tags, recursive and directory-style, after startAfter', async () => {
      const bucket = await env.bucket()
      await env.silo.putObject(bucket, 'a/one.txt', 'one', 3, {
        'Content-Type': 'text/plain',
        'X-Amz-Meta-Owner': 'ana',
      })
      await env.silo.putObject(bucket, 'a/two.txt', 'two', 3, { 'X-Amz-Meta-Owner': 'bo' })
      await env.silo.putObject(bucket, 'b.txt', 'b')
      await env.silo.setObjectTagging(bucket, 'a/one.txt', { project: 'apollo', stage: 'raw' })
      await env.silo.setObjectTagging(bucket, 'b.txt', { solo: 'yes' })
      const r = await both(env, async (c: Minio.Client) => {
        const list = async (prefix: string, recursive: boolean, startAfter: string) => {
          const items: Array<Record<string, unknown>> = []
          for await (const item of c.extensions.listObjectsV2WithMetadata(
            bucket,
            prefix,
            recursive,
            startAfter,
          )) {
            items.push(item as unknown as Record<string, unknown>)
          }
          return items
        }
        return {
          all: await list('', true, ''),
          shallow: await list('', false, ''),
          after: await list('', true, 'a/one.txt'),
        }
      })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (!r.silo.ok) return
      const one = r.silo.value.all.find((i) => i.name === 'a/one.txt')
      expect(JSON.stringify(one)).toContain('apollo')
      expect(JSON.stringify(one)).toContain('ana')
      expect(r.silo.value.after.map((i) => i.name)).toEqual(['a/two.txt', 'b.txt'])
    })
  })
}
