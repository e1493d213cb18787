import { describe, expect, it } from 'vitest'
import { createVersionToken } from '../../../../src/server/storage/common/version-id.js'
import type { DriveVersion, StorageDrive } from '../../../../src/server/storage/storage-drive.js'
import { bodyOf, expectS3Error, md5Hex, patternBytes, readAll } from '../contract/helpers.js'
import { type OpenDrive, readShardBytes, useDrive } from './harness.js'

// Past a local drive's inline limit: a file, not bytes in the metadata store.
const BIG = 300 * 1024

/** Writes `bytes` as the version `version` of `bucket/key`. */
async function putVersionShard(
  drive: StorageDrive,
  bucket: string,
  key: string,
  bytes: Uint8Array | string,
  version: DriveVersion,
  meta = `meta-${version.id}`,
): Promise<void> {
  const staged = await drive.writeShard({ bucket, key }, bodyOf(bytes))
  await drive.commitShard(staged.id, { etag: md5Hex(bytes), meta, version })
}

/** The whole file of one version. */
async function readVersionBytes(
  drive: StorageDrive,
  bucket: string,
  key: string,
  versionId: string,
): Promise<Buffer> {
  const { size } = await drive.readObject(bucket, key, versionId)
  const read = await drive.readShard(bucket, key, { start: 0, end: size - 1 }, versionId)
  return read.data ? Buffer.from(read.data) : readAll(read.body!)
}

/** A fresh version with a token ID (its own order). */
function tokenVersion(): DriveVersion {
  const token = createVersionToken()
  return { id: token, order: token }
}

/** A fresh null version. */
function nullVersion(): DriveVersion {
  return { id: 'null', order: createVersionToken() }
}

async function versionsOf(drive: StorageDrive, bucket: string): Promise<string[]> {
  const page = await drive.listObjectVersions({ bucket })
  return page.versions.map(
    (v) => `${v.key}@${v.versionId}${v.deleteMarker ? '!' : ''}${v.isLatest ? '*' : ''}`,
  )
}

/**
 * Version records (issue 14): the one placement rule of DriveVersion (same ID replaced wherever
 * it is, then placed by order), delete markers without files, reads and deletes by ID, metadata
 * updates, listings, and the files and bytes each takes.
 */
export function describeDriveVersions(open: OpenDrive): void {
  describe('version records', () => {
    const under = useDrive(open)
    const bucket = 'versions'
    const setUp = async () => {
      await under().drive.createBucket(bucket, '')
      return under().drive
    }

    it('keeps each version with its file, newest by order first, readable by ID', async () => {
      const drive = await setUp()
      const v1 = tokenVersion()
      const v2 = tokenVersion()
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG, 1), v1)
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG, 2), v2)
      expect(await drive.readObject(bucket, 'k')).toMatchObject({
        versionId: v2.id,
        order: v2.order,
        meta: `meta-${v2.id}`,
      })
      expect(await drive.readObject(bucket, 'k', v1.id)).toMatchObject({ versionId: v1.id, order: v1.order })
      expect((await readShardBytes(drive, bucket, 'k')).equals(patternBytes(BIG, 2))).toBe(true)
      const old = await drive.readShard(bucket, 'k', { start: 0, end: 9 }, v1.id)
      expect(old.object.versionId).toBe(v1.id)
      expect(await versionsOf(drive, bucket)).toEqual([`k@${v2.id}*`, `k@${v1.id}`])
      const listed = await drive.listObjectVersions({ bucket })
      expect(listed.versions.map((v) => v.order)).toEqual([v2.order, v1.order])
      expect(await under().countDataFiles()).toBe(2)
      expect(await drive.usedBytes()).toBe(2 * BIG)
      await expectS3Error(drive.readObject(bucket, 'k', tokenVersion().id), 'NoSuchVersion')
    })

    it('a null version replaces the null version wherever it is, and its file goes', async () => {
      const drive = await setUp()
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG, 1), nullVersion(), 'n1')
      const v1 = tokenVersion()
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG, 2), v1)
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG, 3), nullVersion(), 'n2')
      expect(await versionsOf(drive, bucket)).toEqual(['k@null*', `k@${v1.id}`])
      expect((await drive.readObject(bucket, 'k', 'null')).meta).toBe('n2')
      expect(await under().countDataFiles()).toBe(2)
      expect(await drive.usedBytes()).toBe(2 * BIG)
    })

    it('places a healed older version by its order, behind the latest, replacing a same-ID copy', async () => {
      const drive = await setUp()
      const older = tokenVersion()
      const newer = tokenVersion()
      const nullOne = { id: 'null', order: createVersionToken() }
      const newest = tokenVersion()
      await putVersionShard(drive, bucket, 'k', 'newest', newest)
      // Heal writes them out of order: each lands where its order says.
      await putVersionShard(drive, bucket, 'k', 'older', older)
      await putVersionShard(drive, bucket, 'k', 'null', nullOne)
      await putVersionShard(drive, bucket, 'k', 'newer', newer, 'first copy')
      await putVersionShard(drive, bucket, 'k', 'newer', newer, 'healed copy')
      expect(await versionsOf(drive, bucket)).toEqual([
        `k@${newest.id}*`,
        'k@null',
        `k@${newer.id}`,
        `k@${older.id}`,
      ])
      expect((await drive.readObject(bucket, 'k', newer.id)).meta).toBe('healed copy')
      expect((await drive.readObject(bucket, 'k', 'null')).meta).toBe(`meta-null`)
      expect(await drive.usedBytes()).toBe(6 + 5 + 4 + 5)
    })

    it('delete markers are records without files; the latest one is read back as a marker', async () => {
      const drive = await setUp()
      const v1 = tokenVersion()
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG), v1)
      const marker = tokenVersion()
      const modified = Date.UTC(2026, 0, 2)
      await drive.putDeleteMarker({ bucket, key: 'k', version: marker, modified, meta: 'marker-meta' })
      expect(await drive.readObject(bucket, 'k')).toMatchObject({
        versionId: marker.id,
        deleteMarker: true,
        modified,
        size: 0,
        meta: 'marker-meta',
      })
      await expectS3Error(drive.readShard(bucket, 'k', { start: 0, end: 0 }), 'MethodNotAllowed')
      expect((await drive.listObjects({ bucket })).objects).toEqual([])
      const withMarkers = await drive.listObjects({ bucket, withDeleteMarkers: true })
      expect(withMarkers.objects).toMatchObject([{ key: 'k', deleteMarker: true, versionId: marker.id }])
      expect(await versionsOf(drive, bucket)).toEqual([`k@${marker.id}!*`, `k@${v1.id}`])
      expect(await under().countDataFiles()).toBe(1)
      await expectS3Error(drive.deleteBucket(bucket), 'BucketNotEmpty')
      // A null marker replaces the null version.
      await putVersionShard(drive, bucket, 'n', 'null bytes', nullVersion())
      await drive.putDeleteMarker({ bucket, key: 'n', version: nullVersion(), modified })
      expect(await versionsOf(drive, bucket)).toContain('n@null!*')
      expect(await drive.usedBytes()).toBe(BIG)
      await expectS3Error(
        drive.putDeleteMarker({ bucket: 'nowhere', key: 'k', version: tokenVersion(), modified }),
        'NoSuchBucket',
      )
    })

    it('deletes one version by ID (the next by order becomes latest); a missing one succeeds', async () => {
      const drive = await setUp()
      const v1 = tokenVersion()
      const v2 = tokenVersion()
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG, 1), v1)
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG, 2), v2)
      await drive.deleteObject(bucket, 'k', v2.id)
      expect((await drive.readObject(bucket, 'k')).versionId).toBe(v1.id)
      await drive.deleteObject(bucket, 'k', v2.id)
      expect(await under().countDataFiles()).toBe(1)
      await drive.deleteObject(bucket, 'k', v1.id)
      await expectS3Error(drive.readObject(bucket, 'k'), 'NoSuchKey')
      expect(await under().countDataFiles()).toBe(0)
      expect(await drive.usedBytes()).toBe(0)
      await drive.deleteBucket(bucket)
    })

    it('updates one version’s metadata only while it is what the caller read', async () => {
      const drive = await setUp()
      const v1 = tokenVersion()
      const v2 = tokenVersion()
      await putVersionShard(drive, bucket, 'k', 'one', v1, 'm1')
      await putVersionShard(drive, bucket, 'k', 'two', v2, 'm2')
      const before = await drive.readObject(bucket, 'k', v1.id)
      await drive.updateObjectMeta({ bucket, key: 'k', versionId: v1.id, ifMeta: 'm1', meta: 'm1-tagged' })
      expect(await drive.readObject(bucket, 'k', v1.id)).toEqual({ ...before, meta: 'm1-tagged' })
      await expectS3Error(
        drive.updateObjectMeta({ bucket, key: 'k', versionId: v1.id, ifMeta: 'm1', meta: 'x' }),
        'InternalError',
      )
      await drive.updateObjectMeta({ bucket, key: 'k', ifMeta: 'm2', meta: 'm2-tagged' })
      expect((await drive.readObject(bucket, 'k')).meta).toBe('m2-tagged')
      await expectS3Error(
        drive.updateObjectMeta({ bucket, key: 'k', versionId: tokenVersion().id, ifMeta: 'm1', meta: 'x' }),
        'NoSuchVersion',
      )
    })

    it('links a given version of the source as a version of the target', async () => {
      const drive = await setUp()
      const v1 = tokenVersion()
      await putVersionShard(drive, bucket, 'src', patternBytes(BIG, 7), v1, 'src-1')
      await putVersionShard(drive, bucket, 'src', 'newer', tokenVersion(), 'src-2')
      const copy = tokenVersion()
      await drive.linkShard({
        sourceBucket: bucket,
        sourceKey: 'src',
        sourceVersionId: v1.id,
        bucket,
        key: 'dst',
        ifMeta: 'src-1',
        meta: 'dst-meta',
        version: copy,
      })
      expect(await drive.readObject(bucket, 'dst')).toMatchObject({
        versionId: copy.id,
        meta: 'dst-meta',
        size: BIG,
      })
      expect((await readShardBytes(drive, bucket, 'dst')).equals(patternBytes(BIG, 7))).toBe(true)
    })

    it('keeps versions across reopen', async () => {
      const drive = await setUp()
      const v1 = tokenVersion()
      await putVersionShard(drive, bucket, 'k', patternBytes(BIG, 1), v1)
      await drive.putDeleteMarker({ bucket, key: 'k', version: tokenVersion(), modified: Date.now() })
      const before = await versionsOf(drive, bucket)
      const reopened = await under().reopen()
      expect(await versionsOf(reopened, bucket)).toEqual(before)
      expect((await readVersionBytes(reopened, bucket, 'k', v1.id)).equals(patternBytes(BIG, 1))).toBe(true)
    })
  })
}
