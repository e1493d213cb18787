import type { FreeSpaceGuard } from '../free-space.js'
import type { CommitQueue } from './commit-queue.js'
import type { Layout } from './layout.js'
import type { MetaStore } from './meta-store.js'

/** Everything one open drive's operations share. */
export interface Drive {
  layout: Layout
  meta: MetaStore
  commits: CommitQueue
  /** fsync data files and directories before metadata points at them. */
  fsync: boolean
  /** Objects of at most this many bytes live in LMDB, not in files (0: never). */
  inlineLimit: number
  /** Refuses new data (507 XSiloStorageFull) before the drive's last free bytes, kept for metadata commits. */
  space: FreeSpaceGuard
  /** Bucket events committed with their objects (outbox.ts). */
  outbox: DriveOutbox
}

/** Where a drive's event outbox stands (outbox.ts). */
export interface DriveOutbox {
  /** The last entry id handed out. */
  lastId: number
  /** Ids released and not yet removed. */
  released: number[]
}
