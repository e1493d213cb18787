import { type Database, open, type RootDatabase } from 'lmdb'
import type { StoredBucket, StoredObject } from './records.js'
import type { StoredPart, StoredUpload } from './upload-records.js'

/** The LMDB databases of one drive, all in one environment so a commit spans them atomically. */
export interface MetaStore {
  env: RootDatabase
  /** Bucket name → StoredBucket. */
  buckets: Database<StoredBucket, string>
  /** `<bucket> 0x00 <key>` (see key-codec.ts) → StoredObject. */
  objects: Database<StoredObject, Buffer>
  /** Drive-wide values: see STATE_KEYS. */
  state: Database<unknown, string>
  /** Bucket and system documents (see documents.ts for the key shapes) → text. */
  documents: Database<string, string>
  /** Object ID → the bytes of an inline (small) object, kept apart so listings never load them. */
  blobs: Database<Buffer, string>
  /** `<bucket> 0x00 <key> 0x00 <upload ID>` (see upload-codec.ts) → StoredUpload. */
  uploads: Database<StoredUpload, Buffer>
  /** `<upload ID> <part number, 4 bytes big-endian>` → StoredPart. */
  parts: Database<StoredPart, Buffer>
  /**
   * Noncurrent object versions (issue 14): `<bucket> 0x00 <key> 0x00 <order token>` (see
   * version-codec.ts) → StoredObject. A key's latest version stays in `objects`.
   */
  versions: Database<StoredObject, Buffer>
  /**
   * Bucket events committed with their write and not yet in their targets' queues: entry id →
   * the events service's JSON (outbox.ts; docs/events.md, "The outbox").
   */
  outbox: Database<string, number>
}

/** Keys of the `state` database. */
export const STATE_KEYS = {
  /** Sum of object sizes, updated in the same commit as the objects. */
  usedBytes: 'usedBytes',
  /** 'running' while open, 'closed' after a clean close: 'running' at open means the last run crashed. */
  lifecycle: 'lifecycle',
  /** The last outbox entry id handed out: ids never repeat, even once the outbox is empty. */
  outboxId: 'outboxId',
} as const

/** Opens (creating if needed) the metadata environment at `path`. */
export function openMetaStore(path: string, options: { fsync: boolean }): MetaStore {
  // noSync trades durability of the last commits on an OS crash for commit speed; a process
  // crash loses nothing either way because committed pages are already in the OS page cache.
  const env = open({ path, maxDbs: 16, noSync: !options.fsync })
  return {
    env,
    buckets: env.openDB<StoredBucket, string>({ name: 'buckets' }),
    objects: env.openDB<StoredObject, Buffer>({ name: 'objects', keyEncoding: 'binary' }),
    state: env.openDB<unknown, string>({ name: 'state' }),
    documents: env.openDB<string, string>({ name: 'documents' }),
    blobs: env.openDB<Buffer, string>({ name: 'blobs', encoding: 'binary' }),
    uploads: env.openDB<StoredUpload, Buffer>({ name: 'uploads', keyEncoding: 'binary' }),
    parts: env.openDB<StoredPart, Buffer>({ name: 'parts', keyEncoding: 'binary' }),
    versions: env.openDB<StoredObject, Buffer>({ name: 'versions', keyEncoding: 'binary' }),
    outbox: env.openDB<string, number>({ name: 'outbox', encoding: 'string' }),
  }
}

/** The running total of object bytes. */
export function readUsedBytes(meta: MetaStore): number {
  const value = meta.state.get(STATE_KEYS.usedBytes)
  return typeof value === 'number' ? value : 0
}

/**
 * Bytes of pages inside the LMDB file that are free for reuse (freed by deletes): an inline
 * object can be stored there although statfs shows no free space. Pages in use are those of
 * every database, the freelist and the two meta pages; the file holds `lastPageNumber + 1`.
 */
export function readReclaimableBytes(meta: MetaStore): number {
  const stats = meta.env.getStats() as LmdbStats & { lastPageNumber: number; free: LmdbStats }
  const databases = [
    meta.buckets,
    meta.objects,
    meta.state,
    meta.documents,
    meta.blobs,
    meta.uploads,
    meta.parts,
    meta.versions,
    meta.outbox,
  ]
  let used = 2 + pagesOf(stats) + pagesOf(stats.free)
  for (const db of databases) used += pagesOf(db.getStats() as LmdbStats)
  return Math.max(0, stats.lastPageNumber + 1 - used) * stats.pageSize
}

interface LmdbStats {
  pageSize: number
  treeBranchPageCount: number
  treeLeafPageCount: number
  overflowPages: number
}

function pagesOf(stats: LmdbStats): number {
  return stats.treeBranchPageCount + stats.treeLeafPageCount + stats.overflowPages
}

/**
 * Why an lmdb-js write failed. A failed commit rejects each write with "Commit failed" and keeps
 * the cause (ENOSPC, EIO) in a second promise, `commitError`, rejected in the same native
 * callback: it gets a handler here, since a rejection nobody handles ends the process.
 */
export async function causeOfFailedWrite(error: unknown): Promise<unknown> {
  const pending = (error as { commitError?: unknown } | undefined)?.commitError
  if (!(pending instanceof Promise)) return error
  let cause: unknown
  pending.catch((reason: unknown) => {
    cause = reason
  })
  // lmdb-js rejects commitError right after the writes: one macrotask later it has settled.
  await new Promise((resolve) => setImmediate(resolve))
  return cause ?? error
}

/** Awaits one lmdb-js write outside the commit queue, rejecting with the failure's cause. */
export async function awaitWrite<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    throw await causeOfFailedWrite(error)
  }
}
