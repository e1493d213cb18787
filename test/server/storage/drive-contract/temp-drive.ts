import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSpace } from '../../../../src/server/storage/free-space.js'
import { localDriveLocation } from '../../../../src/server/storage/local-drive.js'
import type { DriveOptions } from '../../../../src/server/storage/single-drive/open-drive.js'
import type { DriveLocation, StorageDrive } from '../../../../src/server/storage/storage-drive.js'
import { countDataFiles } from '../single-drive/harness.js'
import type { DriveUnderTest } from './harness.js'

/** The local drive folders of one contract test: the drive's, and one never made (an unmounted disk). */
export interface TempDriveFolders {
  root: string
  dir: string
  absentDir: string
  /** fsync off (the contract is about semantics); no reserve, so free bytes are what statfs says. */
  options: DriveOptions
  /** The local locations of `dir` and `absentDir`, by path. */
  locations: Map<string, DriveLocation>
}

/**
 * Fresh temp folders for one drive under test.
 * @example const folders = await createTempDriveFolders('silo-local-drive-')
 */
export async function createTempDriveFolders(prefix: string): Promise<TempDriveFolders> {
  const root = await mkdtemp(join(tmpdir(), prefix))
  const dir = join(root, 'drive')
  const absentDir = join(root, 'unmounted')
  const options = { fsync: false, freeSpaceReserve: 0 }
  const locations = new Map([dir, absentDir].map((path) => [path, localDriveLocation(path, options)]))
  return { root, dir, absentDir, options, locations }
}

/** How a DriveUnderTest reaches its drive on TempDriveFolders. */
export interface DriveAccess {
  location: DriveLocation
  absent: DriveLocation
  /** Opens the drive (at first and on reopen). */
  open(): Promise<StorageDrive>
  /** Runs after the drive closed, before the folders go (say, stops a server). */
  stop?(): Promise<void>
}

/**
 * The DriveUnderTest of a drive on `folders`: its hooks look at the local files, whatever
 * reaches the drive.
 * @example return createDriveUnderTest(folders, { location, absent, open: () => location.open() })
 */
export async function createDriveUnderTest(
  folders: TempDriveFolders,
  access: DriveAccess,
): Promise<DriveUnderTest> {
  const { root, dir } = folders
  let open = true
  const harness: DriveUnderTest = {
    drive: await access.open(),
    location: access.location,
    absent: access.absent,
    async cleanup() {
      if (open) await harness.drive.close()
      open = false
      await access.stop?.()
      await rm(root, { recursive: true, force: true })
    },
    async reopen() {
      await harness.drive.close()
      harness.drive = await access.open()
      return harness.drive
    },
    countTempFiles: async () => (await readdir(join(dir, '.silo.sys', 'tmp'))).length,
    countDataFiles: () => countDataFiles(dir),
    freeBytes: async () => readSpace(dir)!.free,
  }
  return harness
}
