import { describeStorageContract } from './contract.js'
import { openTempErasure } from './erasure/harness.js'

// fsync off: the contract is about semantics, and the erasure layer's commit barrier runs the
// same either way; the servers of the e2e tests run with fsync on.
describeStorageContract('erasure, 4 drives (2+2)', () => openTempErasure(4, { fsync: false }))
describeStorageContract('erasure, 6 drives (4+2), odd-sized blocks', () =>
  openTempErasure(6, { standardParity: 2, blockSize: 64 * 1024 + 3, fsync: false }),
)
