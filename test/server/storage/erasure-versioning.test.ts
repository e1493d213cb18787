import { openTempErasure } from './erasure/harness.js'
import { describeVersioningContract } from './versioning-contract.js'

// As erasure.test.ts: 2+2, and 4+2 with odd-sized blocks (versions span several blocks).
describeVersioningContract('erasure, 4 drives (2+2)', () => openTempErasure(4, { fsync: false }))
describeVersioningContract('erasure, 6 drives (4+2), odd-sized blocks', () =>
  openTempErasure(6, { standardParity: 2, blockSize: 64 * 1024 + 3, fsync: false }),
)
