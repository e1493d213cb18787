import { openTempErasure } from './erasure/harness.js'
import { describeVersioningContract } from './versioning-contract.js'

// As erasure-sets.test.ts: the versions of a key live in its set, the version listings merge.
describeVersioningContract('erasure sets, 2 sets of 4 drives', () =>
  openTempErasure(8, { setDriveCount: 4, fsync: false }),
)
describeVersioningContract('erasure sets, 3 sets of 4 drives', () =>
  openTempErasure(12, { setDriveCount: 4, fsync: false }),
)
