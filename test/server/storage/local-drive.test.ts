import { openLocalDrive } from '../../../src/server/storage/local-drive.js'
import { createDriveUnderTest, createTempDriveFolders } from './drive-contract/temp-drive.js'
import { type DriveUnderTest, describeDriveContract } from './drive-contract.js'

/** A local drive on a fresh temp folder. */
async function openTempLocalDrive(): Promise<DriveUnderTest> {
  const folders = await createTempDriveFolders('silo-local-drive-')
  const { dir, absentDir, options, locations } = folders
  return createDriveUnderTest(folders, {
    location: locations.get(dir)!,
    absent: locations.get(absentDir)!,
    open: () => openLocalDrive(dir, options),
  })
}

describeDriveContract('local drive', openTempLocalDrive)
