import { rm } from 'node:fs/promises'
import type { Drive } from './drive.js'
import { dataPathOf } from './layout.js'

/**
 * Removes a data file no metadata points at any more. A failure here costs disk space, never
 * correctness, so it is not reported to the client whose request already succeeded; the
 * after-crash sweep (recovery.ts) finds such files.
 */
export async function removeDataFile(drive: Drive, id: string): Promise<void> {
  await rm(dataPathOf(drive.layout, id), { force: true }).catch(() => {})
}

/** Removes several data files (see {@link removeDataFile}). */
export async function removeDataFiles(drive: Drive, ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => removeDataFile(drive, id)))
}
