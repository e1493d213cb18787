import { describe, expect, it } from 'vitest'
import { createFormats } from '../../../../src/server/storage/erasure/format.js'
import { type OpenDrive, putShard, useDrive } from './harness.js'

/** A drive's folder and format.json: what the erasure set judges a drive's health by. */
export function describeDriveLocation(open: OpenDrive): void {
  describe('location and format', () => {
    const under = useDrive(open)

    it('probes the folder: there, or why not', async () => {
      expect(await under().location.probe()).toBeUndefined()
      expect(await under().absent.probe()).toEqual(expect.any(String))
    })

    it('reads no format on a fresh drive, writes one durably and reads it back; a rewrite changes the stamp', async () => {
      const { location } = under()
      expect(await location.readFormat()).toEqual({ kind: 'missing' })
      expect(await location.formatStamp()).toBeUndefined()
      const [format, other] = createFormats(4)
      await location.writeFormat(format!)
      expect(await location.readFormat()).toEqual({ kind: 'ok', format })
      const stamp = await location.formatStamp()
      expect(stamp).toEqual(expect.any(String))
      expect(await location.formatStamp()).toBe(stamp)
      await location.writeFormat(other!)
      expect(await location.readFormat()).toEqual({ kind: 'ok', format: other })
      expect(await location.formatStamp()).not.toBe(stamp)
    })

    it('is offline without its folder, and never makes the folder to write a format', async () => {
      const { absent } = under()
      expect(await absent.readFormat()).toMatchObject({ kind: 'offline' })
      expect(await absent.formatStamp()).toBeUndefined()
      await expect(absent.writeFormat(createFormats(4)[0]!)).rejects.toBeInstanceOf(Error)
      expect(await absent.probe()).toEqual(expect.any(String))
    })

    it('makes the folder of a new drive and opens a drive there', async () => {
      const { absent } = under()
      await absent.createFolder()
      expect(await absent.probe()).toBeUndefined()
      const drive = await absent.open()
      try {
        await drive.createBucket('b', '')
        await putShard(drive, 'b', 'k', 'on the new drive')
        expect((await drive.readObject('b', 'k')).size).toBe(16)
      } finally {
        await drive.close()
      }
    })
  })
}
