import { describe, expect, it } from 'vitest'
import { createUploadId } from '../../../../src/server/storage/common/upload-id.js'
import { bodyOf, expectS3Error } from '../contract/helpers.js'
import { asJson, type OpenDrive, putShard, useDrive } from './harness.js'

/** Buckets on one drive: what the erasure set's bucket quorum counts. */
export function describeDriveBuckets(open: OpenDrive): void {
  describe('buckets', () => {
    const under = useDrive(open)

    it('creates, reads, lists (by name) and deletes buckets, as plain data', async () => {
      const { drive } = under()
      const before = Date.now()
      const created = await drive.createBucket('b2', 'eu-west-1')
      await drive.createBucket('b1', '')
      expect(created).toEqual(asJson(created))
      expect(created).toMatchObject({ name: 'b2', region: 'eu-west-1' })
      expect(created.created).toBeGreaterThanOrEqual(before - 1000)
      expect(await drive.getBucket('b2')).toEqual(created)
      expect((await drive.listBuckets()).map((b) => b.name)).toEqual(['b1', 'b2'])
      await drive.deleteBucket('b2')
      await expectS3Error(drive.getBucket('b2'), 'NoSuchBucket')
      expect((await drive.listBuckets()).map((b) => b.name)).toEqual(['b1'])
    })

    it('answers BucketAlreadyOwnedByYou, NoSuchBucket and BucketNotEmpty', async () => {
      const { drive } = under()
      await drive.createBucket('b', '')
      await expectS3Error(drive.createBucket('b', ''), 'BucketAlreadyOwnedByYou')
      await expectS3Error(drive.deleteBucket('nowhere'), 'NoSuchBucket')
      await putShard(drive, 'b', 'k', 'held')
      await expectS3Error(drive.deleteBucket('b'), 'BucketNotEmpty')
      await drive.deleteObject('b', 'k')
      await drive.deleteBucket('b')
    })

    it('takes the bucket documents and uploads in progress with the bucket', async () => {
      const { drive } = under()
      await drive.createBucket('b', '')
      await drive.putBucketDocument('b', 'policy.json', '{}')
      const uploadId = createUploadId()
      await drive.createUpload({ bucket: 'b', key: 'k', uploadId, meta: 'upload' })
      const part = await drive.writeShard(
        { bucket: 'b', key: 'k', part: { uploadId, partNumber: 1 } },
        bodyOf('x'),
      )
      await drive.commitShard(part.id, { etag: 'e', meta: 'p' })
      await drive.deleteBucket('b')
      await drive.createBucket('b', '')
      expect(await drive.getBucketDocument('b', 'policy.json')).toBeUndefined()
      expect((await drive.listUploads({ bucket: 'b' })).uploads).toEqual([])
      await expectS3Error(drive.listParts({ bucket: 'b', key: 'k', uploadId }), 'NoSuchUpload')
      expect(await under().countDataFiles()).toBe(0)
    })
  })
}
