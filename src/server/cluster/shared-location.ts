import type { DriveLocation, StorageDrive } from '../storage/storage-drive.js'

/**
 * A location whose drive is opened once however many users open it: in a cluster member, its
 * own erasure set and the internal storage API (its peers' sets) both use each local drive, and
 * a drive's store (LMDB, its drive lock) must be opened once per process. Each `open()` hands
 * out its own handle; the store closes when the last handle does. `endpoint` names the drive in
 * status and messages (a cluster's drives go by their URLs on every server).
 *
 * @example
 * const shared = shareLocation(localDriveLocation('/srv/d1'))
 * const a = await shared.open(); const b = await shared.open() // one store
 */
export function shareLocation(location: DriveLocation, endpoint = location.endpoint): DriveLocation {
  let store: Promise<StorageDrive> | undefined
  let users = 0
  const release = async (opened: StorageDrive) => {
    users--
    if (users > 0) return
    store = undefined
    await opened.close()
  }
  return {
    ...location,
    endpoint,
    async open() {
      store ??= location.open().catch((error: unknown) => {
        store = undefined
        throw error
      })
      const opened = await store
      users++
      let closed = false
      // Every call goes to the one store (a local drive: an object of closures, copied once per
      // handle); close gives this handle back, once.
      return {
        ...opened,
        async close() {
          if (closed) return
          closed = true
          await release(opened)
        },
      }
    },
  }
}
