import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUploadId } from '../../../../src/server/storage/common/upload-id.js'
import type { StorageDrive } from '../../../../src/server/storage/storage-drive.js'
import { bodyOf, expectS3Error, md5Hex, patternBytes } from '../contract/helpers.js'
import { asJson, type OpenDrive, readShardBytes, useDrive, watchedBody } from './harness.js'

/** Puts part `partNumber` of the upload, committed with its MD5 as ETag and `meta`. */
async function putPart(
  drive: StorageDrive,
  place: { bucket: string; key: string; uploadId: string },
  partNumber: number,
  bytes: Uint8Array,
  meta = `part ${partNumber}`,
): Promise<string> {
  const { bucket, key, uploadId } = place
  const staged = await drive.writeShard({ bucket, key, part: { uploadId, partNumber } }, bodyOf(bytes))
  await drive.commitShard(staged.id, { etag: md5Hex(bytes), meta })
  return md5Hex(bytes)
}

/** Uploads in progress on a drive: created under the caller's ID, parts staged and committed, completed without copying. */
export function describeDriveUploads(open: OpenDrive): void {
  describe('uploads and parts', () => {
    const under = useDrive(open)
    const bucket = 'uploads'
    const key = 'dir/object'
    const setUp = async () => {
      const { drive } = under()
      await drive.createBucket(bucket, '')
      const uploadId = createUploadId()
      const upload = await drive.createUpload({ bucket, key, uploadId, meta: 'upload meta' })
      return { drive, place: { bucket, key, uploadId }, upload }
    }

    it('records an upload under the given ID with its metadata; listParts with maxParts 0 reads it back', async () => {
      const before = Date.now()
      const { drive, place, upload } = await setUp()
      expect(upload).toEqual(asJson(upload))
      expect(upload).toMatchObject({ key, uploadId: place.uploadId, meta: 'upload meta' })
      expect(upload.initiated).toBeGreaterThanOrEqual(before - 1000)
      const read = await drive.listParts({ ...place, maxParts: 0 })
      expect(read).toEqual({ upload, parts: [], isTruncated: false })
      await expectS3Error(
        drive.createUpload({ bucket: 'nowhere', key, uploadId: createUploadId(), meta: '' }),
        'NoSuchBucket',
      )
    })

    it('stages parts invisibly, commits them with ETag and metadata, replaces a part and pages the list', async () => {
      const { drive, place } = await setUp()
      const staged = await drive.writeShard(
        { bucket, key, part: { uploadId: place.uploadId, partNumber: 1 } },
        bodyOf('one'),
      )
      expect((await drive.listParts(place)).parts).toEqual([])
      await drive.commitShard(staged.id, { etag: 'etag-1', meta: 'part meta 1' })
      await putPart(drive, place, 2, Buffer.from('two'))
      await putPart(drive, place, 3, Buffer.from('three'))
      await putPart(drive, place, 2, Buffer.from('two again'), 'replaced')
      const listed = await drive.listParts(place)
      expect(listed).toEqual(asJson(listed))
      expect(listed.parts.map((p) => [p.partNumber, p.etag, p.size, p.meta])).toEqual([
        [1, 'etag-1', 3, 'part meta 1'],
        [2, md5Hex('two again'), 9, 'replaced'],
        [3, md5Hex('three'), 5, 'part 3'],
      ])
      const page = await drive.listParts({ ...place, maxParts: 2 })
      expect(page).toMatchObject({ isTruncated: true, nextPartNumberMarker: 2 })
      const next = await drive.listParts({ ...place, partNumberMarker: 2 })
      expect(next.parts.map((p) => p.partNumber)).toEqual([3])
      expect(next.isTruncated).toBe(false)
      expect(await under().countDataFiles()).toBe(3)
    })

    it('refuses a part for a missing upload or out-of-range number before reading a byte', async () => {
      const { drive, place } = await setUp()
      for (const [part, code] of [
        [{ uploadId: createUploadId(), partNumber: 1 }, 'NoSuchUpload'],
        [{ uploadId: place.uploadId, partNumber: 0 }, 'InvalidArgument'],
        [{ uploadId: place.uploadId, partNumber: 10_001 }, 'InvalidArgument'],
      ] as const) {
        const { body, pulled } = watchedBody(Buffer.from('x'))
        await expectS3Error(drive.writeShard({ bucket, key, part }, body), code)
        expect(pulled()).toBe(false)
      }
      await expectS3Error(drive.listParts({ ...place, uploadId: createUploadId() }), 'NoSuchUpload')
      await expectS3Error(drive.listParts({ ...place, bucket: 'nowhere' }), 'NoSuchBucket')
    })

    it('fails a part commit with NoSuchUpload once the upload was aborted, keeping no file', async () => {
      const { drive, place } = await setUp()
      await putPart(drive, place, 1, patternBytes(1000))
      const staged = await drive.writeShard(
        { bucket, key, part: { uploadId: place.uploadId, partNumber: 2 } },
        bodyOf(patternBytes(1000)),
      )
      await drive.abortUpload(bucket, key, place.uploadId)
      await expectS3Error(drive.commitShard(staged.id, { etag: 'e', meta: 'm' }), 'NoSuchUpload')
      await expectS3Error(drive.abortUpload(bucket, key, place.uploadId), 'NoSuchUpload')
      expect(await under().countDataFiles()).toBe(0)
      expect(await under().countTempFiles()).toBe(0)
    })

    it('completes the named parts in order into one record with the metadata, without a size check', async () => {
      const { drive, place } = await setUp()
      // Parts far under S3's 5 MiB: a drive's parts are shards, the erasure set checks the sizes.
      const parts = [patternBytes(1000, 1), patternBytes(200_000, 2), patternBytes(10, 3)]
      const etags: string[] = []
      for (const [i, bytes] of parts.entries()) etags.push(await putPart(drive, place, i + 1, bytes))
      await putPart(drive, place, 4, Buffer.from('not named'))
      await drive.completeUpload({
        ...place,
        parts: [
          { partNumber: 1, etag: etags[0]! },
          { partNumber: 2, etag: `"${etags[1]!}"` },
          { partNumber: 3, etag: etags[2]! },
        ],
        meta: 'object meta',
      })
      const md5s = createHash('md5')
      for (const etag of etags) md5s.update(Buffer.from(etag, 'hex'))
      const record = await drive.readObject(bucket, key)
      expect(record).toMatchObject({ size: 201_010, etag: `${md5s.digest('hex')}-3`, meta: 'object meta' })
      expect((await readShardBytes(drive, bucket, key)).equals(Buffer.concat(parts))).toBe(true)
      expect(
        (await readShardBytes(drive, bucket, key, { start: 999, end: 1000 })).equals(
          Buffer.concat(parts).subarray(999, 1001),
        ),
      ).toBe(true)
      await expectS3Error(drive.listParts(place), 'NoSuchUpload')
      expect(await under().countDataFiles()).toBe(3)
    })

    it('refuses a Complete naming a part the drive lacks or with another ETag, changing nothing', async () => {
      const { drive, place } = await setUp()
      const etag = await putPart(drive, place, 1, Buffer.from('one'))
      for (const parts of [[{ partNumber: 2, etag }], [{ partNumber: 1, etag: md5Hex('other') }]]) {
        await expectS3Error(drive.completeUpload({ ...place, parts, meta: 'm' }), 'InvalidPart')
      }
      expect((await drive.listParts(place)).parts.map((p) => p.partNumber)).toEqual([1])
      await expectS3Error(drive.readObject(bucket, key), 'NoSuchKey')
      await expectS3Error(
        drive.completeUpload({
          ...place,
          uploadId: createUploadId(),
          parts: [{ partNumber: 1, etag }],
          meta: 'm',
        }),
        'NoSuchUpload',
      )
    })

    it('lists uploads by key then initiation, with their metadata, rolled up by delimiter', async () => {
      const { drive } = under()
      await drive.createBucket(bucket, '')
      const ids = [createUploadId(1000), createUploadId(2000), createUploadId(3000)]
      await drive.createUpload({ bucket, key: 'a', uploadId: ids[1]!, meta: 'second' })
      await drive.createUpload({ bucket, key: 'a', uploadId: ids[0]!, meta: 'first' })
      await drive.createUpload({ bucket, key: 'd/x', uploadId: ids[2]!, meta: 'in d' })
      const all = await drive.listUploads({ bucket })
      expect(all).toEqual(asJson(all))
      expect(all.uploads.map((u) => [u.key, u.uploadId, u.meta])).toEqual([
        ['a', ids[0], 'first'],
        ['a', ids[1], 'second'],
        ['d/x', ids[2], 'in d'],
      ])
      const rolled = await drive.listUploads({ bucket, delimiter: '/' })
      expect(rolled.uploads.map((u) => u.uploadId)).toEqual([ids[0], ids[1]])
      expect(rolled.commonPrefixes).toEqual(['d/'])
      const page = await drive.listUploads({ bucket, maxUploads: 1 })
      expect(page).toMatchObject({ isTruncated: true, nextKeyMarker: 'a', nextUploadIdMarker: ids[0] })
      const next = await drive.listUploads({ bucket, keyMarker: 'a', uploadIdMarker: ids[0] })
      expect(next.uploads.map((u) => u.uploadId)).toEqual([ids[1], ids[2]])
      await expectS3Error(drive.listUploads({ bucket: 'nowhere' }), 'NoSuchBucket')
    })
  })
}
