/**
 * Issue 12, defect 4: DELETE must work on a full drive. LMDB copies every page a commit changes,
 * so a commit of many deletes spread over a large bucket needs free space in proportion to its
 * size: the commit queue caps its batches, so a burst of 1,000 deletes (one DeleteObjects)
 * commits with the room a full drive keeps. On a small tmpfs; skips where mounting is not
 * allowed (fails under CI=true).
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'
import { fillDisk, freeBytes, mountTmpfs, probeTmpfs, type Tmpfs } from '../../../e2e/helpers/tmpfs.js'

const cannotMount = await probeTmpfs()
const OBJECTS = 20_000

let disk: Tmpfs | undefined
let drive: ObjectLayer | undefined
afterEach(async () => {
  await drive?.close()
  await disk?.unmount()
  drive = undefined
  disk = undefined
})

async function* bytes(size: number): AsyncGenerator<Uint8Array> {
  yield Buffer.alloc(size, 1)
}

const keyOf = (i: number) => `many/${String(i).padStart(6, '0')}`

describe.runIf(cannotMount !== undefined && process.env.CI === 'true')(
  'deletes on a full drive under CI=true',
  () => {
    it('can mount a tmpfs', () => {
      throw new Error(`${cannotMount}: run the tests as root in CI`)
    })
  },
)

describe.skipIf(cannotMount !== undefined)(
  `deletes on a full drive${cannotMount === undefined ? '' : ` (skipped: ${cannotMount})`}`,
  () => {
    it('1,000 deletes issued together, spread over 20,000 objects, commit with 4 MiB free', async () => {
      disk = await mountTmpfs('128m')
      drive = await openSingleDrive(disk.path, { fsync: false })
      await drive.createBucket('b', '')
      for (let i = 0; i < OBJECTS; i += 500) {
        await Promise.all(
          Array.from({ length: 500 }, (_, j) =>
            drive!.putObject({ bucket: 'b', key: keyOf(i + j), body: bytes(1024), size: 1024 }),
          ),
        )
      }
      // Another program takes all but 4 MiB (half the smallest reserve).
      await fillDisk(disk.path, 4 * 1024 * 1024)
      const doomed = Array.from({ length: 1000 }, (_, i) => keyOf(i * (OBJECTS / 1000)))
      const outcomes = await Promise.allSettled(doomed.map((key) => drive!.deleteObject('b', key)))
      const failed = outcomes.filter((o) => o.status === 'rejected')
      expect(failed.length, String(failed[0]?.status === 'rejected' && failed[0].reason)).toBe(0)
      await expect(drive.headObject('b', doomed[0]!)).rejects.toMatchObject({ code: 'NoSuchKey' })
      expect((await drive.headObject('b', keyOf(1))).size).toBe(1024)
      expect(await freeBytes(disk.path)).toBeGreaterThan(0)
    })
  },
)
