import { describeStorageContract } from './contract.js'
import { openTempDrive } from './single-drive/harness.js'

describeStorageContract('single drive (fsync on)', () => openTempDrive())
