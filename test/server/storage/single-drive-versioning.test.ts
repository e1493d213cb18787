import { openTempDrive } from './single-drive/harness.js'
import { describeVersioningContract } from './versioning-contract.js'

describeVersioningContract('single drive', () => openTempDrive({ fsync: false }))
