import { describe, expect, it } from 'vitest'
import { S3ServerError } from '../../../../src/server/errors.js'
import { bodyOf, expectS3Error, md5Hex, patternBytes, readAll } from '../contract/helpers.js'
import { asJson, type OpenDrive, putShard, readShardBytes, useDrive, watchedBody } from './harness.js'

// Past a local drive's inline limit (128 KiB): a file, not bytes kept in the metadata store.
const BIG = 300 * 1024

/**
 * Shard files and their records: written, held uncommitted until the erasure set's barrier
 * opens, then committed with the ETag and metadata handed in (or discarded); read by range,
 * replaced, linked, deleted.
 */
export function describeDriveShards(open: OpenDrive): void {
  describe('shard files', () => {
    const under = useDrive(open)
    const bucket = 'shards'
    const setUp = async () => {
      await under().drive.createBucket(bucket, '')
      return under().drive
    }

    for (const [shape, size] of [
      ['small', 1000],
      ['big', BIG],
    ] as const) {
      it(`commits a ${shape} shard file with the ETag and metadata handed in, and reads it by range`, async () => {
        const drive = await setUp()
        const bytes = patternBytes(size, 3)
        const before = Date.now()
        const staged = await drive.writeShard({ bucket, key: 'k' }, bodyOf(bytes))
        expect(staged).toEqual(asJson(staged))
        expect(staged.size).toBe(size)
        await drive.commitShard(staged.id, { etag: 'whole-object-etag', meta: '{"id":"v1","shard":2}' })
        const record = await drive.readObject(bucket, 'k')
        expect(record).toEqual(asJson(record))
        expect(record).toMatchObject({
          key: 'k',
          size,
          etag: 'whole-object-etag',
          meta: '{"id":"v1","shard":2}',
        })
        expect(record.modified).toBeGreaterThanOrEqual(before - 1000)
        expect((await readShardBytes(drive, bucket, 'k')).equals(bytes)).toBe(true)
        const range = { start: 17, end: size - 5 }
        const read = await drive.readShard(bucket, 'k', range)
        expect(read.object).toEqual(record)
        const got = read.data ? Buffer.from(read.data) : await readAll(read.body!)
        expect(got.equals(bytes.subarray(17, size - 4))).toBe(true)
      })
    }

    it('shows nothing before the commit; a discarded shard file leaves nothing behind', async () => {
      const drive = await setUp()
      const staged = await drive.writeShard({ bucket, key: 'k' }, bodyOf(patternBytes(BIG)))
      await expectS3Error(drive.readObject(bucket, 'k'), 'NoSuchKey')
      expect((await drive.listObjects({ bucket })).objects).toEqual([])
      expect(await drive.usedBytes()).toBe(0)
      expect(await under().countTempFiles()).toBe(1)
      await drive.discardShard(staged.id)
      await drive.discardShard(staged.id)
      await drive.discardShard('never-staged')
      expect(await under().countTempFiles()).toBe(0)
      expect(await under().countDataFiles()).toBe(0)
      await expect(drive.commitShard(staged.id, { etag: 'e', meta: 'm' })).rejects.not.toBeInstanceOf(
        S3ServerError,
      )
      await expectS3Error(drive.readObject(bucket, 'k'), 'NoSuchKey')
    })

    it('replaces a record at commit and removes the file it replaced; a reader keeps the version it opened', async () => {
      const drive = await setUp()
      const first = patternBytes(BIG, 1)
      const second = patternBytes(BIG, 2)
      await putShard(drive, bucket, 'k', first, 'v1')
      const opened = await drive.readShard(bucket, 'k', { start: 0, end: BIG - 1 })
      await putShard(drive, bucket, 'k', second, 'v2')
      const old = opened.data ? Buffer.from(opened.data) : await readAll(opened.body!)
      expect(old.equals(first)).toBe(true)
      expect((await drive.readObject(bucket, 'k')).meta).toBe('v2')
      expect((await readShardBytes(drive, bucket, 'k')).equals(second)).toBe(true)
      expect(await under().countDataFiles()).toBe(1)
      expect(await drive.usedBytes()).toBe(BIG)
    })

    it('refuses a shard file for a missing bucket before reading a byte', async () => {
      const { drive } = under()
      const { body, pulled } = watchedBody(Buffer.from('x'))
      await expectS3Error(drive.writeShard({ bucket: 'nowhere', key: 'k' }, body), 'NoSuchBucket')
      expect(pulled()).toBe(false)
    })

    it('fails the commit with NoSuchBucket when the bucket went away meanwhile, and keeps no file', async () => {
      const drive = await setUp()
      const small = await drive.writeShard({ bucket, key: 'small' }, bodyOf('tiny'))
      const big = await drive.writeShard({ bucket, key: 'big' }, bodyOf(patternBytes(BIG)))
      await drive.deleteBucket(bucket)
      await expectS3Error(drive.commitShard(small.id, { etag: 'e', meta: 'm' }), 'NoSuchBucket')
      await expectS3Error(drive.commitShard(big.id, { etag: 'e', meta: 'm' }), 'NoSuchBucket')
      expect(await under().countTempFiles()).toBe(0)
      expect(await under().countDataFiles()).toBe(0)
      await drive.createBucket(bucket, '')
      expect((await drive.listObjects({ bucket })).objects).toEqual([])
    })

    it('answers NoSuchKey and NoSuchBucket for reads, and deletes (a missing key succeeds)', async () => {
      const drive = await setUp()
      await expectS3Error(drive.readObject(bucket, 'missing'), 'NoSuchKey')
      await expectS3Error(drive.readShard(bucket, 'missing', { start: 0, end: 0 }), 'NoSuchKey')
      await expectS3Error(drive.readObject('nowhere', 'k'), 'NoSuchBucket')
      await expectS3Error(drive.readShard('nowhere', 'k', { start: 0, end: 0 }), 'NoSuchBucket')
      await putShard(drive, bucket, 'k', patternBytes(BIG))
      await drive.deleteObject(bucket, 'k')
      await drive.deleteObject(bucket, 'k')
      await expectS3Error(drive.readObject(bucket, 'k'), 'NoSuchKey')
      await expectS3Error(drive.deleteObject('nowhere', 'k'), 'NoSuchBucket')
      expect(await under().countDataFiles()).toBe(0)
      expect(await drive.usedBytes()).toBe(0)
    })

    it('links a record to another key with new metadata, sharing the bytes, only while the source is unchanged', async () => {
      const drive = await setUp()
      await drive.createBucket('other', '')
      const bytes = patternBytes(BIG, 5)
      await putShard(drive, bucket, 'src', bytes, 'src-meta')
      await drive.linkShard({
        sourceBucket: bucket,
        sourceKey: 'src',
        bucket: 'other',
        key: 'copy',
        ifMeta: 'src-meta',
        meta: 'copy-meta',
      })
      expect(await drive.readObject('other', 'copy')).toMatchObject({ size: BIG, meta: 'copy-meta' })
      expect((await readShardBytes(drive, 'other', 'copy')).equals(bytes)).toBe(true)
      await drive.deleteObject(bucket, 'src')
      expect((await readShardBytes(drive, 'other', 'copy')).equals(bytes)).toBe(true)
      await putShard(drive, bucket, 'src', 'newer', 'src-meta-2')
      const stale = drive.linkShard({
        sourceBucket: bucket,
        sourceKey: 'src',
        bucket,
        key: 'stale',
        ifMeta: 'src-meta',
        meta: 'm',
      })
      await expect(stale).rejects.toBeInstanceOf(Error)
      await expectS3Error(drive.readObject(bucket, 'stale'), 'NoSuchKey')
      const link = (sourceKey: string, target: string) =>
        drive.linkShard({
          sourceBucket: bucket,
          sourceKey,
          bucket: target,
          key: 'k',
          ifMeta: 'src-meta-2',
          meta: 'm',
        })
      await expectS3Error(link('missing', bucket), 'NoSuchKey')
      await expectS3Error(link('src', 'nowhere'), 'NoSuchBucket')
    })

    it('keeps the ETag as handed in, not the MD5 of the shard bytes', async () => {
      const drive = await setUp()
      const staged = await drive.writeShard({ bucket, key: 'k' }, bodyOf('shard bytes'))
      await drive.commitShard(staged.id, { etag: md5Hex('the whole object'), meta: 'm' })
      expect((await drive.readObject(bucket, 'k')).etag).toBe(md5Hex('the whole object'))
    })
  })
}
