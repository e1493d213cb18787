import type { ErasureOptions } from '../../../../src/server/storage/erasure.js'
import { setIndexOf } from '../../../../src/server/storage/erasure-sets.js'
import { openTempErasure } from '../erasure/harness.js'

/** Drives per set in these tests: 2+2, the smallest set. */
export const SET_DRIVES = 4

/** `sets` erasure sets of 4 fresh temp drives each (openErasureSets), fsync off. */
export function openTempSets(sets: number, options: ErasureOptions = {}) {
  return openTempErasure(sets * SET_DRIVES, { setDriveCount: SET_DRIVES, fsync: false, ...options })
}

/** The first `count` keys `name(0)`, `name(1)`, ... that belong to set `set` of `sets`. */
export function keysOfSet(
  set: number,
  sets: number,
  count: number,
  name = (i: number) => `key-${i}`,
): string[] {
  const keys: string[] = []
  for (let i = 0; keys.length < count; i++) if (setIndexOf(name(i), sets) === set) keys.push(name(i))
  return keys
}

/** The drive folders of set `set` (0-based). */
export function drivesOfSet(dirs: readonly string[], set: number): string[] {
  return dirs.slice(set * SET_DRIVES, (set + 1) * SET_DRIVES)
}
