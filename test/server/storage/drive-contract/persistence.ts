import { describe, expect, it } from 'vitest'
import { bodyOf, expectS3Error } from '../contract/helpers.js'
import { type OpenDrive, putShard, readShardBytes, useDrive } from './harness.js'

/** What a drive keeps across close and open: its records, not what was staged and never committed. */
export function describeDrivePersistence(open: OpenDrive): void {
  describe('persistence', () => {
    const under = useDrive(open)

    it('keeps committed records, uploads and documents; drops staged shard files', async () => {
      const { drive } = under()
      await drive.createBucket('b', 'eu-central-1')
      await putShard(drive, 'b', 'k', 'kept', 'meta')
      await drive.putBucketDocument('b', 'policy.json', '{}')
      const staged = await drive.writeShard({ bucket: 'b', key: 'staged' }, bodyOf('x'.repeat(300 * 1024)))
      const reopened = await under().reopen()
      expect(await reopened.getBucket('b')).toMatchObject({ region: 'eu-central-1' })
      expect(await reopened.readObject('b', 'k')).toMatchObject({ size: 4, meta: 'meta' })
      expect((await readShardBytes(reopened, 'b', 'k')).toString()).toBe('kept')
      expect(await reopened.getBucketDocument('b', 'policy.json')).toBe('{}')
      await expect(reopened.commitShard(staged.id, { etag: 'e', meta: 'm' })).rejects.toBeInstanceOf(Error)
      await expectS3Error(reopened.readObject('b', 'staged'), 'NoSuchKey')
      expect(await under().countTempFiles()).toBe(0)
    })
  })
}
