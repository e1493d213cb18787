import { mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { isDiskFull } from '../free-space.js'
import type { Layout } from './layout.js'
import { listFanOutNames } from './layout.js'
import { awaitWrite, type MetaStore, STATE_KEYS } from './meta-store.js'
import { fileIdsOf } from './object-data.js'

/** When to look for data files no metadata references. */
export type OrphanSweep = 'after-crash' | 'always' | 'never'

/**
 * Brings a drive back to a clean state before it serves requests, and marks it running.
 *
 * - `tmp/` holds only bodies of writes that never committed: always emptied (cheap).
 * - Orphaned data files exist only if the last run crashed between renaming a body into `data/`
 *   and committing it, or between a commit and unlinking the replaced file. They waste space
 *   but are never visible, so the full sweep (one pass over metadata and `data/`) runs only when
 *   the lifecycle flag says the last run did not close cleanly.
 */
export async function recoverDrive(layout: Layout, meta: MetaStore, sweep: OrphanSweep): Promise<void> {
  await rm(layout.tmp, { recursive: true, force: true })
  await mkdir(layout.tmp, { recursive: true })
  const crashed = meta.state.get(STATE_KEYS.lifecycle) === 'running'
  if (sweep === 'always' || (sweep === 'after-crash' && crashed)) await sweepOrphans(layout, meta)
  await awaitWrite(meta.state.put(STATE_KEYS.lifecycle, 'running')).catch((error: unknown) => {
    // A drive too full to record it still opens, to serve reads and the deletes that free it.
    // Should this run crash, the next open skips the orphan sweep: orphans cost space, never
    // correctness (see sweepOrphans).
    if (!isDiskFull(layout.sys, error)) throw error
  })
}

/**
 * Marks a clean close, so the next open skips the orphan sweep. A drive too full to record it
 * still closes: the next open then sweeps, as after a crash.
 */
export async function markClosed(meta: MetaStore): Promise<void> {
  await awaitWrite(meta.state.put(STATE_KEYS.lifecycle, 'closed')).catch(() => {})
}

/** Removes every data file whose ID no object, version or part record holds. */
async function sweepOrphans(layout: Layout, meta: MetaStore): Promise<number> {
  const referenced = new Set<string>()
  for (const { value } of meta.objects.getRange({})) for (const id of fileIdsOf(value)) referenced.add(id)
  for (const { value } of meta.versions.getRange({})) for (const id of fileIdsOf(value)) referenced.add(id)
  for (const { value } of meta.parts.getRange({})) referenced.add(value.id)
  let removed = 0
  for (const folder of listFanOutNames()) {
    const dir = join(layout.data, folder)
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (referenced.has(name)) continue
      await rm(join(dir, name), { force: true })
      removed++
    }
  }
  return removed
}
