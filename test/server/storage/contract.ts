import { describe } from 'vitest'
import { describeBucketRaces } from './contract/bucket-races.js'
import { describeBuckets } from './contract/buckets.js'
import { describeConcurrency } from './contract/concurrency.js'
import { describeCopy } from './contract/copy.js'
import { describeDocuments } from './contract/documents.js'
import { describeEtagOverride } from './contract/etag-override.js'
import { describeFailedWrites } from './contract/failed-writes.js'
import type { OpenStorage } from './contract/harness.js'
import { describeListing } from './contract/listing.js'
import { describeMultipart } from './contract/multipart.js'
import { describeObjects } from './contract/objects.js'
import { describePartCopy } from './contract/part-copy.js'
import { describePersistence } from './contract/persistence.js'

export type { OpenStorage, StorageUnderTest } from './contract/harness.js'

/**
 * The storage contract: every ObjectLayer must pass it. `open` returns a backend on fresh,
 * empty storage; its optional hooks (reopen, crashMidWrite, countTempFiles) enable the
 * persistence and leftover checks.
 *
 * @example
 * describeStorageContract('single drive', async () => {
 *   const dir = await mkdtemp(join(tmpdir(), 'silo-'))
 *   const backend = await openSingleDrive(dir)
 *   return { backend, cleanup: async () => { await backend.close(); await rm(dir, { recursive: true }) } }
 * })
 */
export function describeStorageContract(name: string, open: OpenStorage): void {
  describe(`storage contract: ${name}`, () => {
    describeBuckets(open)
    describeObjects(open)
    describeFailedWrites(open)
    describeConcurrency(open)
    describeBucketRaces(open)
    describeListing(open)
    describePersistence(open)
    describeDocuments(open)
    describeMultipart(open)
    describeCopy(open)
    describeEtagOverride(open)
    describePartCopy(open)
  })
}
