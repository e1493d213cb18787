import { describe } from 'vitest'
import { describeDriveBuckets } from './drive-contract/buckets.js'
import { describeDriveDocuments } from './drive-contract/documents.js'
import type { OpenDrive } from './drive-contract/harness.js'
import { describeDriveListing } from './drive-contract/listing.js'
import { describeDriveLocation } from './drive-contract/location.js'
import { describeDrivePersistence } from './drive-contract/persistence.js'
import { describeDriveShards } from './drive-contract/shards.js'
import { describeDriveSpace } from './drive-contract/space.js'
import { describeDriveUploads } from './drive-contract/uploads.js'
import { describeDriveVersions } from './drive-contract/versions.js'

export type { DriveUnderTest, OpenDrive } from './drive-contract/harness.js'

/**
 * The drive contract: what an erasure set relies on from each drive (src/server/storage/storage-drive.ts).
 * Every implementation must pass it: the local drive now, a remote node's drive in distributed
 * mode. `open` returns a drive on a fresh, empty folder with its location and hooks.
 *
 * @example
 * describeDriveContract('local drive', () => openTempLocalDrive())
 */
export function describeDriveContract(name: string, open: OpenDrive): void {
  describe(`drive contract: ${name}`, () => {
    describeDriveBuckets(open)
    describeDriveShards(open)
    describeDriveListing(open)
    describeDriveUploads(open)
    describeDriveDocuments(open)
    describeDriveSpace(open)
    describeDriveLocation(open)
    describeDrivePersistence(open)
    describeDriveVersions(open)
  })
}
