import { resolve } from 'node:path'

/** Drive counts of an erasure set, as MinIO: 4 to 16, even. */
export const MIN_DRIVES = 4
export const MAX_DRIVES = 16

/**
 * Checks the drives of an erasure set: 4 to 16, an even count, no drive twice (`./d1` and `d1`
 * are one drive: two shards of an object on it would be one failure apart). Throws an Error
 * whose message names the problem; `silo server` and openErasure both use it.
 * @example checkDriveList(['/d1', '/d2', '/d3', '/d4'])
 */
export function checkDriveList(dirs: readonly string[]): void {
  if (dirs.length < MIN_DRIVES || dirs.length > MAX_DRIVES) {
    throw new Error(
      `erasure mode needs ${MIN_DRIVES} to ${MAX_DRIVES} drives, got ${dirs.length} (give one DIR for a single drive)`,
    )
  }
  if (dirs.length % 2 !== 0) {
    throw new Error(`erasure mode needs an even number of drives (4, 6, ... 16), got ${dirs.length}`)
  }
  const seen = new Map<string, string>()
  for (const dir of dirs) {
    const path = resolve(dir)
    const earlier = seen.get(path)
    if (earlier !== undefined) throw new Error(`drive ${path} is given twice ('${earlier}' and '${dir}')`)
    seen.set(path, dir)
  }
}
