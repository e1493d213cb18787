import { describe, expect, it } from 'vitest'
import { bodyOf, expectS3Error, patternBytes } from '../contract/helpers.js'
import { type OpenDrive, putShard, useDrive } from './harness.js'

/** Room for writes: reservations that add up, and the bytes the records' files hold. */
export function describeDriveSpace(open: OpenDrive): void {
  describe('space', () => {
    const under = useDrive(open)

    it('reserves room until released, and refuses more than the drive can take with 507', async () => {
      const { drive } = under()
      await expectS3Error(drive.reserveSpace(2 ** 52), 'XSiloStorageFull')
      // 60% of what is free: one fits, two at once do not (reservations add up), one again after a release.
      const share = Math.floor((await under().freeBytes()) * 0.6)
      const first = await drive.reserveSpace(share)
      expect(typeof first).toBe('string')
      await expectS3Error(drive.reserveSpace(share), 'XSiloStorageFull')
      await drive.releaseSpace(first)
      await drive.releaseSpace(first)
      await drive.releaseSpace('never-reserved')
      await drive.releaseSpace(await drive.reserveSpace(share))
    })

    it('counts the bytes of committed records, not of staged or replaced ones', async () => {
      const { drive } = under()
      await drive.createBucket('b', '')
      await putShard(drive, 'b', 'a', patternBytes(300 * 1024))
      await putShard(drive, 'b', 'c', 'small')
      await drive.writeShard({ bucket: 'b', key: 'staged' }, bodyOf(patternBytes(1000)))
      expect(await drive.usedBytes()).toBe(300 * 1024 + 5)
      await putShard(drive, 'b', 'a', 'replaced')
      await drive.deleteObject('b', 'c')
      expect(await drive.usedBytes()).toBe(8)
    })
  })
}
