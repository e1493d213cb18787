import { describe, expect, it } from 'vitest'
import type { OpenStorage } from './harness.js'
import { expectS3Error } from './helpers.js'
import { useStorage } from './use-storage.js'

/** Per-bucket documents (policy, notification) and server-wide documents (config, IAM). */
export function describeDocuments(open: OpenStorage): void {
  describe('documents', () => {
    const storage = useStorage(open)

    it('stores, replaces and removes a bucket document', async () => {
      const { backend } = storage()
      await backend.createBucket('docs', '')
      expect(await backend.getBucketDocument('docs', 'policy')).toBeUndefined()
      await backend.putBucketDocument('docs', 'policy', '{"v":1}')
      expect(await backend.getBucketDocument('docs', 'policy')).toBe('{"v":1}')
      await backend.putBucketDocument('docs', 'policy', '{"v":2}')
      expect(await backend.getBucketDocument('docs', 'policy')).toBe('{"v":2}')
      await backend.putBucketDocument('docs', 'policy', undefined)
      expect(await backend.getBucketDocument('docs', 'policy')).toBeUndefined()
    })

    it('answers NoSuchBucket for documents of a missing bucket', async () => {
      const { backend } = storage()
      await expectS3Error(backend.getBucketDocument('nope', 'policy'), 'NoSuchBucket')
      await expectS3Error(backend.putBucketDocument('nope', 'policy', 'x'), 'NoSuchBucket')
    })

    it('deletes a bucket with its documents, and a new bucket of that name starts clean', async () => {
      const { backend } = storage()
      await backend.createBucket('gone', '')
      await backend.createBucket('gone-2', '')
      await backend.putBucketDocument('gone', 'policy', 'p')
      await backend.putBucketDocument('gone', 'notification', 'n')
      await backend.putBucketDocument('gone-2', 'policy', 'kept')
      // Read before the delete: an answer kept from before must not outlive the bucket.
      expect(await backend.getBucketDocument('gone', 'policy')).toBe('p')
      expect(await backend.getBucketDocument('gone-2', 'policy')).toBe('kept')
      await backend.deleteBucket('gone')
      await expectS3Error(backend.getBucketDocument('gone', 'policy'), 'NoSuchBucket')
      await backend.createBucket('gone', '')
      expect(await backend.getBucketDocument('gone', 'policy')).toBeUndefined()
      expect(await backend.getBucketDocument('gone', 'notification')).toBeUndefined()
      expect(await backend.getBucketDocument('gone-2', 'policy')).toBe('kept')
    })

    it('keeps system documents by path and lists them by prefix', async () => {
      const { backend } = storage()
      await backend.putSystemDocument('iam/users/bob.json', '{"b":1}')
      await backend.putSystemDocument('iam/users/alice.json', '{"a":1}')
      await backend.putSystemDocument('iam/policies/ro.json', '{}')
      await backend.putSystemDocument('config/config.json', '{"notify":{}}')
      expect(await backend.listSystemDocuments('iam/users/')).toEqual([
        'iam/users/alice.json',
        'iam/users/bob.json',
      ])
      expect(await backend.getSystemDocument('config/config.json')).toBe('{"notify":{}}')
      await backend.putSystemDocument('iam/users/bob.json', undefined)
      expect(await backend.listSystemDocuments('iam/')).toEqual([
        'iam/policies/ro.json',
        'iam/users/alice.json',
      ])
      expect(await backend.getSystemDocument('missing')).toBeUndefined()
    })

    it('keeps documents across a reopen', async () => {
      const under = storage()
      if (!under.reopen) return
      await under.backend.createBucket('durable', '')
      await under.backend.putBucketDocument('durable', 'policy', 'P')
      await under.backend.putSystemDocument('config/config.json', 'C')
      const reopened = await under.reopen()
      expect(await reopened.getBucketDocument('durable', 'policy')).toBe('P')
      expect(await reopened.getSystemDocument('config/config.json')).toBe('C')
    })
  })
}
