import { describeStorageContract } from './contract.js'
import { openTempErasure } from './erasure/harness.js'

describeStorageContract('erasure, 4 drives (2+2)', () => openTempErasure(4))
describeStorageContract('erasure, 6 drives (4+2), small blocks', () =>
  openTempErasure(6, { standardParity: 2, blockSize: 64 * 1024 + 3, fsync: false }),
)
