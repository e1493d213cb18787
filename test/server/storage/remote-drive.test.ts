import { createDriveUnderTest, createTempDriveFolders } from './drive-contract/temp-drive.js'
import { type DriveUnderTest, describeDriveContract } from './drive-contract.js'
import { startStorageRpcServer } from './remote/rpc-server.js'

/** A local drive on a fresh temp folder, served by the storage RPC and reached over HTTP. */
async function openTempRemoteDrive(): Promise<DriveUnderTest> {
  const folders = await createTempDriveFolders('silo-remote-drive-')
  const server = await startStorageRpcServer(folders.locations)
  const location = server.connect(folders.dir)
  return createDriveUnderTest(folders, {
    location,
    absent: server.connect(folders.absentDir),
    open: () => location.open(),
    stop: () => server.close(),
  })
}

describeDriveContract('remote drive', openTempRemoteDrive)
