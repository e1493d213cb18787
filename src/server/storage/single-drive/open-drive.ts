import { FreeSpaceGuard, parseReserve, RESERVE_ENV } from '../free-space.js'
import { CommitQueue } from './commit-queue.js'
import type { Drive } from './drive.js'
import { lockDrive } from './drive-lock.js'
import { createLayout, prepareLayout } from './layout.js'
import { openMetaStore, readReclaimableBytes } from './meta-store.js'
import { openOutbox, removeReleasedEntries } from './outbox.js'
import { markClosed, type OrphanSweep, recoverDrive } from './recovery.js'

/** How to open a drive (the options of openSingleDrive and of a local erasure drive). */
export interface DriveOptions {
  /**
   * Make every acknowledged write survive power loss: fsync each data file and its directory
   * before the metadata commit, and wait for LMDB's commit to reach the disk. Default true.
   * With false, a process crash still loses nothing acknowledged; an OS crash may lose the last
   * writes (never exposing a partial object). See docs/storage.md for the measured cost.
   */
  fsync?: boolean
  /** When to remove data files no metadata references: default only after a crash. */
  sweepOrphans?: OrphanSweep
  /**
   * Objects of at most this many bytes are stored inside the metadata transaction instead of a
   * data file: a small PUT is one group commit, a small GET a memory read. Default 128 KiB;
   * 0 keeps every object in a file.
   */
  inlineLimit?: number
  /**
   * Bytes of free space kept for metadata commits (deletes above all): new object data is
   * refused with 507 XSiloStorageFull rather than eat into them. Default env
   * SILO_FREE_SPACE_RESERVE (`64MiB`, bytes, 0 for none), else 1% of the drive, at least 8 MiB and
   * at most 1 GiB. See docs/storage.md#a-full-disk.
   */
  freeSpaceReserve?: number
}

/** Default {@link DriveOptions.inlineLimit}: 128 KiB. */
const DEFAULT_INLINE_LIMIT = 128 * 1024

/** An open drive and how to close it. */
export interface OpenDrive {
  drive: Drive
  /** Waits for commits in flight, marks the drive closed (no crash) and releases its lock. */
  close(): Promise<void>
}

/**
 * Opens (creating if needed) the drive on `dir`: its layout under `<dir>/.silo.sys/`, its lock,
 * its LMDB metadata, crash recovery, free-space guard and commit queue. What the single-drive
 * object layer and the local drive of an erasure set both stand on.
 */
export async function openDrive(dir: string, options: DriveOptions = {}): Promise<OpenDrive> {
  const fsync = options.fsync ?? true
  const layout = createLayout(dir)
  await prepareLayout(layout)
  const inlineLimit = options.inlineLimit ?? DEFAULT_INLINE_LIMIT
  if (!Number.isInteger(inlineLimit) || inlineLimit < 0) {
    throw new RangeError(`inlineLimit must be a whole number of bytes, not ${inlineLimit}`)
  }
  const reserve = options.freeSpaceReserve ?? parseReserve(process.env[RESERVE_ENV])
  if (reserve !== undefined && (!Number.isSafeInteger(reserve) || reserve < 0)) {
    throw new RangeError(`freeSpaceReserve must be a whole number of bytes, not ${reserve}`)
  }
  const unlock = await lockDrive(layout.sys)
  let meta: ReturnType<typeof openMetaStore>
  try {
    meta = openMetaStore(layout.meta, { fsync })
    await recoverDrive(layout, meta, options.sweepOrphans ?? 'after-crash')
  } catch (error) {
    await unlock()
    throw error
  }
  const space = new FreeSpaceGuard(dir, { reserve, reclaimable: () => readReclaimableBytes(drive.meta) })
  const commits = new CommitQueue(meta.env, {
    awaitFlush: fsync,
    explainFailure: async (error) => space.explain(error),
  })
  const drive: Drive = { layout, meta, fsync, commits, inlineLimit, space, outbox: openOutbox(meta) }
  // Once: a second close (a shutdown racing a restart) waits for the first instead of writing to
  // a closed LMDB environment, which throws outside any caller and ends the process.
  let closing: Promise<void> | undefined
  return {
    drive,
    close: () => {
      closing ??= (async () => {
        // A failure leaves the entries: the next start finds their events queued and skips them.
        await removeReleasedEntries(drive).catch(() => undefined)
        await drive.commits.idle()
        await markClosed(drive.meta)
        await drive.meta.env.close()
        await unlock()
      })()
      return closing
    },
  }
}
