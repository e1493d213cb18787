import { createVersionToken, NULL_VERSION_ID } from '../common/version-id.js'
import type { VersioningState } from '../object-layer.js'
import type { DriveVersion } from '../storage-drive.js'

/**
 * The version a write makes (issue 14), handed to every drive alike so they order the key's
 * versions the same way: `Enabled` a new version whose ID is its order token, `Suspended` the
 * null version with a fresh order token (it replaces the null version and becomes the latest),
 * undefined (a bucket that never had versioning) none: the drives replace the key's record as
 * before versioning. Made under the key's commit lock, so versions are ordered as they commit.
 */
export function newVersion(versioning: VersioningState | undefined): DriveVersion | undefined {
  if (versioning === 'Enabled') {
    const token = createVersionToken()
    return { id: token, order: token }
  }
  if (versioning === 'Suspended') return { id: NULL_VERSION_ID, order: createVersionToken() }
  return undefined
}
