import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { syncDirectory } from './durability.js'

/** Where a drive keeps everything: all of it under `<dir>/.silo.sys/`, so the data dir stays the user's. */
export interface Layout {
  /** `<dir>/.silo.sys` */
  sys: string
  /** Bodies being received; anything here at open is a crashed write and is removed. */
  tmp: string
  /** Committed object bytes, `data/<first two hex digits of id>/<id>`. */
  data: string
  /** The LMDB environment (metadata). */
  meta: string
  /** Fan-out folders known to exist (made on first use; see ensureDataDir). */
  ready: Set<string>
}

/** The layout of the drive rooted at `dir` (no I/O). */
export function createLayout(dir: string): Layout {
  const sys = join(dir, '.silo.sys')
  return { sys, tmp: join(sys, 'tmp'), data: join(sys, 'data'), meta: join(sys, 'meta'), ready: new Set() }
}

/**
 * A fresh internal object ID: a random UUID's 32 hex digits (122 random bits), so file names
 * never derive from keys. randomUUID draws from a cached entropy pool; randomBytes(16) costs a
 * system call per PUT, measurable on small objects.
 */
export function createObjectId(): string {
  return randomUUID().replaceAll('-', '')
}

/** The fan-out folder for an ID: 256 folders keep any one directory from growing huge. */
export function dataDirOf(layout: Layout, id: string): string {
  return join(layout.data, id.slice(0, 2))
}

/** Where the committed bytes of object `id` live. */
export function dataPathOf(layout: Layout, id: string): string {
  return join(dataDirOf(layout, id), id)
}

/** Where the body of object `id` is received before it is committed. */
export function tmpPathOf(layout: Layout, id: string): string {
  return join(layout.tmp, id)
}

/** All 256 fan-out folder names, `00`..`ff`. */
export function listFanOutNames(): string[] {
  return Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
}

/**
 * Creates the folders. Fan-out folders are made on first use instead (ensureDataDir): making all
 * 256 up front cost 120-180 ms of system time per open on this machine's file system, which an
 * erasure set pays once per drive.
 */
export async function prepareLayout(layout: Layout): Promise<void> {
  await mkdir(layout.tmp, { recursive: true })
  await mkdir(layout.meta, { recursive: true })
  await mkdir(layout.data, { recursive: true })
}

/**
 * Makes sure the fan-out folder of `id` exists before a file is renamed or linked into it: one
 * mkdir per folder per process (then remembered), and with `fsync` the new entry in `data/` is
 * made durable too, so a synced rename into the folder never hangs off an unsynced folder.
 *
 * Not recursive: `data/` exists since open, and if it is gone the drive folder vanished (an
 * unmounted disk, a removed folder). Re-creating the path would make a new, empty drive folder
 * on whatever file system is left there, which a restart then takes for a fresh drive to format
 * (issue 12); the write fails with ENOENT instead, an I/O failure of this drive.
 */
export async function ensureDataDir(layout: Layout, id: string, fsync: boolean): Promise<void> {
  const dir = dataDirOf(layout, id)
  if (layout.ready.has(dir)) return
  try {
    await mkdir(dir)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') {
      // Not ENOENT itself: callers read that as "the source file is gone" (a copy racing a delete).
      throw new Error(`the drive's data folder ${layout.data} is gone (unmounted or removed)`, {
        cause: error,
      })
    }
    if (code !== 'EEXIST') throw error
  }
  if (fsync) await syncDirectory(layout.data)
  layout.ready.add(dir)
}
