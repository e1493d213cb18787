import { describe, expect, it } from 'vitest'
import { expectUsedBytes, type OpenStorage } from './harness.js'
import { bodyOf, expectS3Error, getText, putText } from './helpers.js'
import { useStorage } from './use-storage.js'

/** What survives close/reopen and a crash mid-write. */
export function describePersistence(open: OpenStorage): void {
  describe('persistence', () => {
    const storage = useStorage(open)
    const bucket = 'kept'

    it('keeps buckets, objects, metadata and the byte count across close and reopen', async (ctx) => {
      if (!storage().reopen) return ctx.skip()
      const { backend } = storage()
      await backend.createBucket(bucket, 'eu-central-1')
      const info = await backend.putObject({
        bucket,
        key: 'dir/a',
        body: bodyOf('alpha'),
        contentType: 'text/plain',
        headers: { 'x-amz-meta-k': 'v' },
      })
      await putText(backend, bucket, 'dir/b', 'beta')
      await putText(backend, bucket, 'gone', 'x')
      await backend.deleteObject(bucket, 'gone')
      const reopened = await storage().reopen!()
      expect(await reopened.getBucket(bucket)).toMatchObject({ name: bucket, region: 'eu-central-1' })
      expect(await reopened.headObject(bucket, 'dir/a')).toEqual(info)
      expect(await getText(reopened, bucket, 'dir/b')).toBe('beta')
      await expectS3Error(reopened.headObject(bucket, 'gone'), 'NoSuchKey')
      await expectUsedBytes(storage(), 9)
      const listing = await reopened.listObjects({ bucket, delimiter: '/' })
      expect(listing.commonPrefixes).toEqual(['dir/'])
      await putText(reopened, bucket, 'dir/c', 'after reopen')
      await expectUsedBytes(storage(), 9 + 12)
    })

    it('shows nothing of a write cut by a crash, cleans its leftovers, and keeps the rest', async (ctx) => {
      if (!storage().crashMidWrite) return ctx.skip()
      const { backend } = storage()
      await backend.createBucket(bucket, '')
      await putText(backend, bucket, 'committed', 'safe')
      await putText(backend, bucket, 'victim', 'old')
      const reopened = await storage().crashMidWrite!(bucket, 'victim')
      expect(await getText(reopened, bucket, 'committed')).toBe('safe')
      expect(await getText(reopened, bucket, 'victim')).toBe('old')
      await expectUsedBytes(storage(), 7)
      if (storage().countTempFiles) expect(await storage().countTempFiles!()).toBe(0)
      await putText(reopened, bucket, 'victim', 'new')
      expect(await getText(reopened, bucket, 'victim')).toBe('new')
    })
  })
}
