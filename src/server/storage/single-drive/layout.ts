import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'

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
}

/** The layout of the drive rooted at `dir` (no I/O). */
export function createLayout(dir: string): Layout {
  const sys = join(dir, '.silo.sys')
  return { sys, tmp: join(sys, 'tmp'), data: join(sys, 'data'), meta: join(sys, 'meta') }
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

/** Creates the folders, including every fan-out folder up front so a PUT never pays a mkdir. */
export async function prepareLayout(layout: Layout): Promise<void> {
  await mkdir(layout.tmp, { recursive: true })
  await mkdir(layout.meta, { recursive: true })
  await Promise.all(listFanOutNames().map((name) => mkdir(join(layout.data, name), { recursive: true })))
}
