import { describe, expect, it } from 'vitest'
import type { OpenStorage } from '../contract/harness.js'
import { expectUsedBytes } from '../contract/harness.js'
import { expectS3Error } from '../contract/helpers.js'
import { useStorage } from '../contract/use-storage.js'
import { putVersion, readVersion, versionList } from './versions.js'

const bucket = 'versioned'

/** Delete markers, deletes by version ID, the delete check, metadata updates, DeleteBucket. */
export function describeVersionDeletes(open: OpenStorage): void {
  describe('versioned deletes', () => {
    const storage = useStorage(async () => {
      const opened = await open()
      await opened.backend.createBucket(bucket, '')
      return opened
    })

    it('a delete without an ID writes a delete marker that hides the key, with S3 answers', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      const marker = await backend.deleteObject(bucket, 'k', { versioning: 'Enabled' })
      expect(marker.deleteMarker).toBe(true)
      expect(marker.versionId).toMatch(/^[0-9a-f]{32}$/)
      const latest = backend.headObject(bucket, 'k')
      await expect(latest).rejects.toMatchObject({
        code: 'NoSuchKey',
        headers: { 'x-amz-delete-marker': 'true', 'x-amz-version-id': marker.versionId },
      })
      await expect(
        backend.getObject(bucket, 'k', undefined, { versionId: marker.versionId }),
      ).rejects.toMatchObject({
        code: 'MethodNotAllowed',
        status: 405,
        headers: { 'x-amz-delete-marker': 'true', 'x-amz-version-id': marker.versionId },
      })
      expect(await readVersion(backend, 'k', v1.versionId)).toBe('one')
      expect((await backend.listObjects({ bucket })).objects).toEqual([])
      expect(await versionList(backend)).toEqual([`k@${marker.versionId}!*`, `k@${v1.versionId}`])
      // A marker on a key that never existed is still written (S3).
      const ghost = await backend.deleteObject(bucket, 'ghost', { versioning: 'Enabled' })
      expect(await versionList(backend, 'ghost')).toEqual([`ghost@${ghost.versionId}!*`])
      // Removing the marker by its ID brings the object back.
      expect(await backend.deleteObject(bucket, 'k', { versionId: marker.versionId })).toEqual({
        versionId: marker.versionId,
        deleteMarker: true,
      })
      expect(await readVersion(backend, 'k')).toBe('one')
    })

    it('hides deleted keys from listObjects, common prefixes of only deleted keys too', async () => {
      const { backend } = storage()
      await putVersion(backend, 'a/1', 'x', 'Enabled')
      await putVersion(backend, 'b/1', 'x', 'Enabled')
      await putVersion(backend, 'b/2', 'x', 'Enabled')
      await putVersion(backend, 'c', 'x', 'Enabled')
      await backend.deleteObject(bucket, 'a/1', { versioning: 'Enabled' })
      await backend.deleteObject(bucket, 'b/1', { versioning: 'Enabled' })
      await backend.deleteObject(bucket, 'c', { versioning: 'Enabled' })
      const flat = await backend.listObjects({ bucket })
      expect(flat.objects.map((o) => o.key)).toEqual(['b/2'])
      const rolled = await backend.listObjects({ bucket, delimiter: '/' })
      expect(rolled.commonPrefixes).toEqual(['b/'])
      expect(rolled.objects).toEqual([])
    })

    it('a delete by version ID removes exactly that version; the next newest becomes the latest', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      const v2 = await putVersion(backend, 'k', 'two', 'Enabled')
      const v3 = await putVersion(backend, 'k', 'three', 'Enabled')
      expect(await backend.deleteObject(bucket, 'k', { versionId: v2.versionId })).toEqual({
        versionId: v2.versionId,
      })
      expect(await versionList(backend)).toEqual([`k@${v3.versionId}*`, `k@${v1.versionId}`])
      await backend.deleteObject(bucket, 'k', { versionId: v3.versionId })
      expect(await versionList(backend)).toEqual([`k@${v1.versionId}*`])
      expect(await readVersion(backend, 'k')).toBe('one')
      await expectUsedBytes(storage(), 3)
      // A version that is not there: success, nothing removed.
      await backend.deleteObject(bucket, 'k', { versionId: v3.versionId })
      await backend.deleteObject(bucket, 'k', { versionId: v1.versionId })
      expect(await versionList(backend)).toEqual([])
      await expectUsedBytes(storage(), 0)
      await expectS3Error(backend.deleteObject(bucket, 'k', { versionId: 'bogus' }), 'InvalidArgument')
    })

    it('removes the null version by the ID null, wherever it is', async () => {
      const { backend } = storage()
      await putVersion(backend, 'k', 'null', 'Suspended')
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      await backend.deleteObject(bucket, 'k', { versionId: 'null' })
      expect(await versionList(backend)).toEqual([`k@${v1.versionId}*`])
      // With it gone, a Suspended write replaces nothing but pushes v1 down.
      await putVersion(backend, 'k', 'null2', 'Suspended')
      expect(await versionList(backend)).toEqual(['k@null*', `k@${v1.versionId}`])
    })

    it('a Suspended delete removes the null version and writes a null delete marker', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      await putVersion(backend, 'k', 'null', 'Suspended')
      const v2 = await putVersion(backend, 'k', 'two', 'Enabled')
      expect(await backend.deleteObject(bucket, 'k', { versioning: 'Suspended' })).toEqual({
        versionId: 'null',
        deleteMarker: true,
      })
      expect(await versionList(backend)).toEqual(['k@null!*', `k@${v2.versionId}`, `k@${v1.versionId}`])
      await expectUsedBytes(storage(), 3 + 3)
    })

    it('check sees the version to remove under the lock, and its throw removes nothing', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      const seen: string[] = []
      const refuse = (current: { versionId?: string; size: number }) => {
        seen.push(`${current.versionId}:${current.size}`)
        throw Object.assign(new Error('locked'), { code: 'AccessDenied' })
      }
      await expect(
        backend.deleteObject(bucket, 'k', { versionId: v1.versionId, check: refuse }),
      ).rejects.toThrow('locked')
      await putVersion(backend, 'k', 'null!', 'Suspended')
      await expect(
        backend.deleteObject(bucket, 'k', { versioning: 'Suspended', check: refuse }),
      ).rejects.toThrow('locked')
      expect(seen).toEqual([`${v1.versionId}:3`, 'null:5'])
      expect(await versionList(backend)).toEqual(['k@null*', `k@${v1.versionId}`])
      // An Enabled marker removes nothing: check is not called.
      await backend.deleteObject(bucket, 'k', { versioning: 'Enabled', check: refuse })
      expect(seen.length).toBe(2)
    })

    it('updateObjectMetadata rewrites one version’s headers, keeping bytes, ETag and Last-Modified', async () => {
      const { backend } = storage()
      const v1 = await backend.putObject({
        bucket,
        key: 'k',
        body: (async function* () {
          yield Buffer.from('one')
        })(),
        headers: { 'x-amz-meta-a': '1' },
        versioning: 'Enabled',
      })
      const v2 = await putVersion(backend, 'k', 'two', 'Enabled')
      const updated = await backend.updateObjectMetadata!(bucket, 'k', v1.versionId, (headers) => {
        expect(headers).toEqual({ 'x-amz-meta-a': '1' })
        return { ...headers, 'x-silo-internal-tags': 'a=b' }
      })
      expect(updated).toMatchObject({ versionId: v1.versionId, etag: v1.etag, size: 3 })
      expect(updated.lastModified.getTime()).toBe(v1.lastModified.getTime())
      const head = await backend.headObject(bucket, 'k', { versionId: v1.versionId })
      expect(head.headers).toEqual({ 'x-amz-meta-a': '1', 'x-silo-internal-tags': 'a=b' })
      expect(head.etag).toBe(v1.etag)
      expect(await readVersion(backend, 'k', v1.versionId)).toBe('one')
      // The latest is untouched, still latest.
      expect((await backend.headObject(bucket, 'k')).versionId).toBe(v2.versionId)
      // A throw from update changes nothing.
      await expect(
        backend.updateObjectMetadata!(bucket, 'k', undefined, () => {
          throw new Error('refused')
        }),
      ).rejects.toThrow('refused')
      const marker = await backend.deleteObject(bucket, 'k', { versioning: 'Enabled' })
      await expectS3Error(
        backend.updateObjectMetadata!(bucket, 'k', marker.versionId, (h) => h),
        'MethodNotAllowed',
      )
      await expectS3Error(
        backend.updateObjectMetadata!(bucket, 'k', undefined, (h) => h),
        'NoSuchKey',
      )
      await expectS3Error(
        backend.updateObjectMetadata!(bucket, 'nope', undefined, (h) => h),
        'NoSuchKey',
      )
    })

    it('DeleteBucket is refused while any version or delete marker is left', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      const marker = await backend.deleteObject(bucket, 'k', { versioning: 'Enabled' })
      await expectS3Error(backend.deleteBucket(bucket), 'BucketNotEmpty')
      await backend.deleteObject(bucket, 'k', { versionId: v1.versionId })
      await expectS3Error(backend.deleteBucket(bucket), 'BucketNotEmpty')
      await backend.deleteObject(bucket, 'k', { versionId: marker.versionId })
      await backend.deleteBucket(bucket)
      await expectS3Error(backend.getBucket(bucket), 'NoSuchBucket')
    })
  })
}
