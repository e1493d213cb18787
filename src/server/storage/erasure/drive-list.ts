import { resolve } from 'node:path'

/** Drive counts of an erasure set, as MinIO: 4 to 16, even. */
export const MIN_DRIVES = 4
export const MAX_DRIVES = 16

/**
 * Checks the drives of an erasure deployment on one machine: 4 to 16 drives (one set, an even
 * count), or more that split into equal sets (chooseSetDriveCount), no drive twice (`./d1` and
 * `d1` are one drive: two shards of an object on it would be one failure apart). Throws an Error
 * whose message names the problem; `silo server` and openErasureSets both use it.
 * @example checkDriveList(['/d1', '/d2', '/d3', '/d4'])
 */
export function checkDriveList(dirs: readonly string[]): void {
  if (dirs.length < MIN_DRIVES) {
    throw new Error(
      `erasure mode needs at least ${MIN_DRIVES} drives, got ${dirs.length} (give one DIR for a single drive)`,
    )
  }
  if (dirs.length <= MAX_DRIVES && dirs.length % 2 !== 0) {
    throw new Error(`erasure mode needs an even number of drives (4, 6, ... 16), got ${dirs.length}`)
  }
  chooseSetDriveCount(dirs.length)
  const seen = new Map<string, string>()
  for (const dir of dirs) {
    const path = resolve(dir)
    const earlier = seen.get(path)
    if (earlier !== undefined) throw new Error(`drive ${path} is given twice ('${earlier}' and '${dir}')`)
    seen.set(path, dir)
  }
}

/**
 * Drives per erasure set: the given count (MinIO's MINIO_ERASURE_SET_DRIVE_COUNT) if it divides
 * the total, else the largest even count from 4 to 16 that does (4 to 16 drives: one set of all).
 * @example chooseSetDriveCount(32) // 16: two sets
 */
export function chooseSetDriveCount(total: number, wanted?: number): number {
  if (wanted !== undefined) {
    if (!Number.isInteger(wanted) || wanted < MIN_DRIVES || wanted > MAX_DRIVES || wanted % 2 !== 0) {
      throw new Error(
        `an erasure set holds an even number of drives from ${MIN_DRIVES} to ${MAX_DRIVES}, not ${wanted}`,
      )
    }
    if (total % wanted !== 0) throw new Error(`${total} drives cannot form sets of ${wanted}`)
    return wanted
  }
  for (let size = MAX_DRIVES; size >= MIN_DRIVES; size -= 2) if (total % size === 0) return size
  throw new Error(
    `${total} drives cannot form erasure sets of ${MIN_DRIVES} to ${MAX_DRIVES} drives (an even count that divides the total)`,
  )
}
