import { describe, expect, it } from 'vitest'
import type { OpenStorage } from './harness.js'
import { expectS3Error, putText } from './helpers.js'
import { useStorage } from './use-storage.js'

/** Bucket lifecycle: create, get, list, delete, and their errors. */
export function describeBuckets(open: OpenStorage): void {
  describe('buckets', () => {
    const storage = useStorage(open)

    it('creates a bucket and returns it with its region and creation time', async () => {
      const before = Date.now()
      const created = await storage().backend.createBucket('photos', 'eu-west-1')
      expect(created).toMatchObject({ name: 'photos', region: 'eu-west-1' })
      const got = await storage().backend.getBucket('photos')
      expect(got).toEqual(created)
      expect(got.created.getTime()).toBeGreaterThanOrEqual(before - 1000)
    })

    it('refuses to create a bucket twice with BucketAlreadyOwnedByYou', async () => {
      await storage().backend.createBucket('photos', '')
      await expectS3Error(storage().backend.createBucket('photos', ''), 'BucketAlreadyOwnedByYou')
    })

    it('lets exactly one of two concurrent creations of one bucket succeed', async () => {
      const results = await Promise.allSettled([
        storage().backend.createBucket('race', ''),
        storage().backend.createBucket('race', ''),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    })

    it('lists buckets sorted by name', async () => {
      for (const name of ['zeta', 'alpha', 'mid-1', 'mid.0']) await storage().backend.createBucket(name, '')
      const names = (await storage().backend.listBuckets()).map((b) => b.name)
      expect(names).toEqual(['alpha', 'mid-1', 'mid.0', 'zeta'])
    })

    it('answers NoSuchBucket for a missing bucket', async () => {
      await expectS3Error(storage().backend.getBucket('missing'), 'NoSuchBucket')
      await expectS3Error(storage().backend.deleteBucket('missing'), 'NoSuchBucket')
    })

    it('refuses to delete a bucket holding an object with BucketNotEmpty', async () => {
      await storage().backend.createBucket('full', '')
      await putText(storage().backend, 'full', 'k', 'v')
      await expectS3Error(storage().backend.deleteBucket('full'), 'BucketNotEmpty')
      expect((await storage().backend.getBucket('full')).name).toBe('full')
    })

    it('deletes an emptied bucket, after which it is gone and can be created again', async () => {
      await storage().backend.createBucket('tmp', '')
      await putText(storage().backend, 'tmp', 'k', 'v')
      await storage().backend.deleteObject('tmp', 'k')
      await storage().backend.deleteBucket('tmp')
      await expectS3Error(storage().backend.getBucket('tmp'), 'NoSuchBucket')
      expect(await storage().backend.listBuckets()).toEqual([])
      await storage().backend.createBucket('tmp', '')
      expect((await storage().backend.listObjects({ bucket: 'tmp' })).objects).toEqual([])
    })

    it('keeps buckets apart: same key in two buckets, one bucket name a prefix of another', async () => {
      const { backend } = storage()
      await backend.createBucket('abc', '')
      await backend.createBucket('abcd', '')
      await putText(backend, 'abc', 'k', 'in abc')
      await putText(backend, 'abcd', 'k', 'in abcd')
      await putText(backend, 'abcd', 'only-d', 'x')
      const keys = (await backend.listObjects({ bucket: 'abc' })).objects.map((o) => o.key)
      expect(keys).toEqual(['k'])
      await backend.deleteObject('abc', 'k')
      await backend.deleteBucket('abc')
      expect((await backend.headObject('abcd', 'k')).size).toBe('in abcd'.length)
    })
  })
}
