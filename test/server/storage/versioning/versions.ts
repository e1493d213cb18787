import { describe, expect, it } from 'vitest'
import type { ObjectInfo, ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import type { OpenStorage } from '../contract/harness.js'
import { expectUsedBytes } from '../contract/harness.js'
import { bodyOf, expectS3Error, readAll } from '../contract/helpers.js'
import { useStorage } from '../contract/use-storage.js'

const bucket = 'versioned'

/** Puts `text` under the bucket's versioning state `versioning`. */
export function putVersion(
  backend: ObjectLayer,
  key: string,
  text: string,
  versioning?: 'Enabled' | 'Suspended',
): Promise<ObjectInfo> {
  return backend.putObject({ bucket, key, body: bodyOf(text), versioning })
}

/** The bytes of one version as a string. */
export async function readVersion(backend: ObjectLayer, key: string, versionId?: string): Promise<string> {
  const { body } = await backend.getObject(bucket, key, undefined, { versionId })
  return (await readAll(body)).toString()
}

/** Every version of the bucket as `key@versionId` (`!` marks a delete marker, `*` the latest). */
export async function versionList(backend: ObjectLayer, prefix?: string): Promise<string[]> {
  const page = await backend.listObjectVersions!({ bucket, prefix })
  return page.versions.map(
    (v) => `${v.key}@${v.versionId}${v.deleteMarker ? '!' : ''}${v.isLatest ? '*' : ''}`,
  )
}

/** Version stacks, the null version, reads by version ID and the backend's bookkeeping. */
export function describeVersionStacks(open: OpenStorage): void {
  describe('version stacks', () => {
    const storage = useStorage(async () => {
      const opened = await open()
      await opened.backend.createBucket(bucket, '')
      return opened
    })

    it('keeps every version of an Enabled bucket, newest first, each readable by its ID', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      const v2 = await putVersion(backend, 'k', 'two!', 'Enabled')
      const v3 = await putVersion(backend, 'k', 'three', 'Enabled')
      const ids = [v1.versionId, v2.versionId, v3.versionId]
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/)
      expect(new Set(ids).size).toBe(3)
      expect(await readVersion(backend, 'k')).toBe('three')
      expect(await readVersion(backend, 'k', v1.versionId)).toBe('one')
      expect(await readVersion(backend, 'k', v2.versionId)).toBe('two!')
      expect((await backend.headObject(bucket, 'k', { versionId: v2.versionId })).size).toBe(4)
      expect((await backend.headObject(bucket, 'k')).versionId).toBe(v3.versionId)
      expect(await versionList(backend)).toEqual([
        `k@${v3.versionId}*`,
        `k@${v2.versionId}`,
        `k@${v1.versionId}`,
      ])
      // Every version's bytes count; listObjects shows the latest only.
      await expectUsedBytes(storage(), 3 + 4 + 5)
      const listing = await backend.listObjects({ bucket })
      expect(listing.objects.map((o) => [o.key, o.size])).toEqual([['k', 5]])
    })

    it('a Suspended write replaces the null version, and only it', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      const n1 = await putVersion(backend, 'k', 'null-a', 'Suspended')
      expect(n1.versionId).toBe('null')
      expect(await versionList(backend)).toEqual(['k@null*', `k@${v1.versionId}`])
      const v2 = await putVersion(backend, 'k', 'two', 'Enabled')
      // The null version is now noncurrent; the next Suspended write still replaces it.
      await putVersion(backend, 'k', 'null-bb', 'Suspended')
      expect(await versionList(backend)).toEqual(['k@null*', `k@${v2.versionId}`, `k@${v1.versionId}`])
      expect(await readVersion(backend, 'k', 'null')).toBe('null-bb')
      await expectUsedBytes(storage(), 3 + 3 + 7)
    })

    it('an object written before versioning is the null version afterwards', async () => {
      const { backend } = storage()
      const before = await putVersion(backend, 'k', 'before')
      expect(before.versionId).toBeUndefined()
      const v1 = await putVersion(backend, 'k', 'after', 'Enabled')
      expect(await versionList(backend)).toEqual([`k@${v1.versionId}*`, 'k@null'])
      expect(await readVersion(backend, 'k', 'null')).toBe('before')
      expect((await backend.headObject(bucket, 'k', { versionId: 'null' })).versionId).toBe('null')
      // Suspended replaces it (it was the null version all along).
      await putVersion(backend, 'k', 'suspended', 'Suspended')
      expect(await versionList(backend)).toEqual(['k@null*', `k@${v1.versionId}`])
    })

    it('answers NoSuchVersion for an unknown ID and InvalidArgument for one that cannot be ours', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      const unknown = v1.versionId!.replace(/.$/, (c) => (c === '0' ? '1' : '0'))
      await expectS3Error(backend.getObject(bucket, 'k', undefined, { versionId: unknown }), 'NoSuchVersion')
      await expectS3Error(backend.headObject(bucket, 'k', { versionId: unknown }), 'NoSuchVersion')
      await expectS3Error(backend.headObject(bucket, 'k', { versionId: 'null' }), 'NoSuchVersion')
      await expectS3Error(backend.headObject(bucket, 'other', { versionId: unknown }), 'NoSuchVersion')
      await expectS3Error(backend.headObject(bucket, 'k', { versionId: 'not-a-version' }), 'InvalidArgument')
      await expectS3Error(backend.headObject('no-such-bucket', 'k', { versionId: unknown }), 'NoSuchBucket')
    })

    it('copies from a given version, as a new version of the target', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'src', 'first', 'Enabled')
      await putVersion(backend, 'src', 'second', 'Enabled')
      const copy = await backend.copyObject({
        sourceBucket: bucket,
        sourceKey: 'src',
        sourceVersionId: v1.versionId,
        bucket,
        key: 'dst',
        versioning: 'Enabled',
      })
      expect(copy.versionId).toMatch(/^[0-9a-f]{32}$/)
      expect(copy.versionId).not.toBe(v1.versionId)
      expect(await readVersion(backend, 'dst')).toBe('first')
      // A copy onto the source itself is a new version too.
      await backend.copyObject({
        sourceBucket: bucket,
        sourceKey: 'src',
        sourceVersionId: v1.versionId,
        bucket,
        key: 'src',
        versioning: 'Enabled',
      })
      expect(await readVersion(backend, 'src')).toBe('first')
      expect((await versionList(backend, 'src')).length).toBe(3)
    })

    it('completes a multipart upload as a new version', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'mp', 'plain', 'Enabled')
      const upload = await backend.createMultipartUpload({ bucket, key: 'mp' })
      const part = await backend.uploadPart({
        bucket,
        key: 'mp',
        uploadId: upload.uploadId,
        partNumber: 1,
        body: bodyOf('part one'),
      })
      const done = await backend.completeMultipartUpload({
        bucket,
        key: 'mp',
        uploadId: upload.uploadId,
        parts: [{ partNumber: 1, etag: part.etag }],
        versioning: 'Enabled',
      })
      expect(await versionList(backend)).toEqual([`mp@${done.versionId}*`, `mp@${v1.versionId}`])
      expect(await readVersion(backend, 'mp')).toBe('part one')
      expect(await readVersion(backend, 'mp', v1.versionId)).toBe('plain')
    })

    it('keeps every one of concurrent versioned writes to one key, and one null version', async () => {
      const { backend } = storage()
      const texts = Array.from({ length: 20 }, (_, i) => `body-${i}`)
      const written = await Promise.all(texts.map((t) => putVersion(backend, 'k', t, 'Enabled')))
      const listed = (await backend.listObjectVersions!({ bucket })).versions
      expect(listed.map((v) => v.versionId).sort()).toEqual(written.map((w) => w.versionId).sort())
      for (const [i, w] of written.entries())
        expect(await readVersion(backend, 'k', w.versionId)).toBe(texts[i])
      await Promise.all(texts.map((t) => putVersion(backend, 'k', t, 'Suspended')))
      const after = (await backend.listObjectVersions!({ bucket })).versions
      expect(after.filter((v) => v.versionId === 'null').length).toBe(1)
      expect(after.length).toBe(21)
      expect(after[0]).toMatchObject({ versionId: 'null', isLatest: true })
    })

    it('reads a range of a version, and copies a part from a version', async () => {
      const { backend } = storage()
      const v1 = await putVersion(backend, 'src', '0123456789', 'Enabled')
      await putVersion(backend, 'src', 'abcdefghij', 'Enabled')
      const ranged = await backend.getObject(bucket, 'src', { start: 2, end: 4 }, { versionId: v1.versionId })
      expect((await readAll(ranged.body)).toString()).toBe('234')
      if (!backend.uploadPartCopy) return
      const upload = await backend.createMultipartUpload({ bucket, key: 'dst' })
      const part = await backend.uploadPartCopy({
        sourceBucket: bucket,
        sourceKey: 'src',
        sourceVersionId: v1.versionId,
        bucket,
        key: 'dst',
        uploadId: upload.uploadId,
        partNumber: 1,
      })
      await backend.completeMultipartUpload({
        bucket,
        key: 'dst',
        uploadId: upload.uploadId,
        parts: [{ partNumber: 1, etag: part.etag }],
      })
      expect(await readVersion(backend, 'dst')).toBe('0123456789')
    })

    it('keeps versions and delete markers across close and reopen', async (ctx) => {
      if (!storage().reopen) return ctx.skip()
      const { backend } = storage()
      const v1 = await putVersion(backend, 'k', 'one', 'Enabled')
      await putVersion(backend, 'k', 'null', 'Suspended')
      const marker = await backend.deleteObject(bucket, 'k', { versioning: 'Enabled' })
      const before = await versionList(backend)
      const reopened = await storage().reopen!()
      expect(await versionList(reopened)).toEqual(before)
      expect(before).toEqual([`k@${marker.versionId}!*`, 'k@null', `k@${v1.versionId}`])
      expect(await readVersion(reopened, 'k', v1.versionId)).toBe('one')
      await expectS3Error(reopened.headObject(bucket, 'k'), 'NoSuchKey')
      await expectUsedBytes(storage(), 3 + 4)
    })
  })
}
