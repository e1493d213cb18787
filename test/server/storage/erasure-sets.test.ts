import { describeStorageContract } from './contract.js'
import { openTempErasure } from './erasure/harness.js'

// Several erasure sets (openErasureSets): every key in its set, buckets on every set, listings
// merged. fsync off, as erasure.test.ts.
describeStorageContract('erasure sets, 2 sets of 4 drives', () =>
  openTempErasure(8, { setDriveCount: 4, fsync: false }),
)
describeStorageContract('erasure sets, 3 sets of 4 drives', () =>
  openTempErasure(12, { setDriveCount: 4, fsync: false }),
)
