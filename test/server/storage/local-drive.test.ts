import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSpace } from '../../../src/server/storage/free-space.js'
import { localDriveLocation, openLocalDrive } from '../../../src/server/storage/local-drive.js'
import { type DriveUnderTest, describeDriveContract } from './drive-contract.js'
import { countDataFiles } from './single-drive/harness.js'

/** A local drive on a fresh temp folder (fsync off: the contract is about semantics; no reserve, so freeBytes is what statfs says). */
async function openTempLocalDrive(): Promise<DriveUnderTest> {
  const root = await mkdtemp(join(tmpdir(), 'silo-local-drive-'))
  const dir = join(root, 'drive')
  const options = { fsync: false, freeSpaceReserve: 0 }
  let open = true
  const harness: DriveUnderTest = {
    drive: await openLocalDrive(dir, options),
    location: localDriveLocation(dir, options),
    absent: localDriveLocation(join(root, 'unmounted'), options),
    async cleanup() {
      if (open) await harness.drive.close()
      open = false
      await rm(root, { recursive: true, force: true })
    },
    async reopen() {
      await harness.drive.close()
      harness.drive = await openLocalDrive(dir, options)
      return harness.drive
    },
    countTempFiles: async () => (await readdir(join(dir, '.silo.sys', 'tmp'))).length,
    countDataFiles: () => countDataFiles(dir),
    freeBytes: async () => readSpace(dir)!.free,
  }
  return harness
}

describeDriveContract('local drive', openTempLocalDrive)
