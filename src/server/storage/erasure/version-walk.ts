import { legacyVersionToken } from '../common/version-id.js'
import type { DriveObject, DriveVersionsResult } from '../storage-drive.js'
import { codeOf, type DriveResult, type ErasureContext, onDrives } from './context.js'
import type { ErasureDrive } from './drive-set.js'

/** Where a drive's version listing stands: after this key, and this version of it when set. */
interface Cursor {
  keyMarker?: string
  versionIdMarker?: string
}

/** What a walk over the drives' version listings asks for (DriveVersionsInput's fields). */
export interface VersionWalkInput {
  bucket: string
  prefix?: string
  delimiter?: string
  keyMarker?: string
  versionIdMarker?: string
  /** Entries asked of each drive per round (1..1000). */
  pageSize: number
}

/** One round of a walk: entries every drive has listed up to, in order. */
export interface VersionRound {
  /** Keys in UTF-8 byte order, each with every record (version or marker) any drive listed. */
  keys: Array<{ key: string; records: DriveResult<DriveObject>[] }>
  /** Common prefixes, with how many drives rolled keys up into each. */
  prefixes: Map<string, number>
  /** Drives whose listing failed this round (not for lack of the bucket). */
  unanswered: number
}

/** Past every order token: a common prefix stands after all the versions of its name. */
const PAST_ORDER = 'z'

/** A position in a listing: a key and where among its versions (order tokens, newest first). */
interface Position {
  key: string
  order: string
}

function comparePosition(a: Position, b: Position): number {
  return compareKeys(a.key, b.key) || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0)
}

/**
 * Compares keys in UTF-8 byte order (as common/compare-utf8.ts) without encoding them: UTF-16
 * code units order as code points except that surrogates (code points past U+FFFF) must sort
 * after U+E000..U+FFFF. A listing compares every entry, so this matters.
 */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x !== y) return codePointRank(x) - codePointRank(y)
  }
  return a.length - b.length
}

function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000
  return unit >= 0xe000 ? unit - 0x800 : unit
}

/** Where a drive orders its record among the key's versions (storage-drive.ts, DriveVersion). */
function orderOnDrive(record: DriveObject): string {
  return record.order ?? legacyVersionToken(record.modified)
}

/**
 * Walks the version listings of `drives` (ListObjectVersions on every drive), merged: each drive
 * keeps its own cursor, so a drive never asked to continue after a version it does not hold. A
 * round yields what lies up to the earliest point where some drive's page was cut (past it, not
 * every drive has listed yet); the next round continues each drive from its last entry up to
 * that point.
 */
export async function* walkVersions(
  ctx: ErasureContext,
  drives: readonly ErasureDrive[],
  input: VersionWalkInput,
): AsyncGenerator<VersionRound> {
  const first: Cursor = { keyMarker: input.keyMarker, versionIdMarker: input.versionIdMarker }
  const cursors = new Map<ErasureDrive, Cursor>(drives.map((d) => [d, first]))
  while (true) {
    const pages = await onDrives(ctx, drives, (store, drive) =>
      store.listObjectVersions({
        bucket: input.bucket,
        prefix: input.prefix,
        delimiter: input.delimiter,
        ...cursors.get(drive),
        maxKeys: input.pageSize,
      }),
    )
    let bound: Position | undefined
    for (const page of pages) {
      if (!page.ok || !page.value.isTruncated) continue
      const last = lastPosition(page.value)
      if (last && (!bound || comparePosition(last, bound) < 0)) bound = last
    }
    const within = (p: Position) => !bound || comparePosition(p, bound) <= 0
    const keys = new Map<string, DriveResult<DriveObject>[]>()
    const prefixes = new Map<string, number>()
    for (const page of pages) {
      if (!page.ok) continue
      // A page is in listing order: past the bound, the rest of it is too.
      let lastRecord: { at: Position; record: DriveObject } | undefined
      for (const record of page.value.versions) {
        const at = { key: record.key, order: orderOnDrive(record) }
        if (!within(at)) break
        const records = keys.get(record.key) ?? []
        records.push({ drive: page.drive, ok: true, value: record })
        keys.set(record.key, records)
        lastRecord = { at, record }
      }
      let lastPrefix: Position | undefined
      for (const prefix of page.value.commonPrefixes) {
        const at = { key: prefix, order: PAST_ORDER }
        if (!within(at)) break
        prefixes.set(prefix, (prefixes.get(prefix) ?? 0) + 1)
        lastPrefix = at
      }
      // The drive continues after the last of its entries taken.
      if (lastPrefix && (!lastRecord || comparePosition(lastPrefix, lastRecord.at) > 0)) {
        cursors.set(page.drive, { keyMarker: lastPrefix.key })
      } else if (lastRecord) {
        const { record } = lastRecord
        cursors.set(page.drive, { keyMarker: record.key, versionIdMarker: record.versionId ?? 'null' })
      }
    }
    const unanswered = pages.filter((p) => !p.ok && codeOf(p.error) !== 'NoSuchBucket').length
    const sorted = [...keys.keys()].sort(compareKeys).map((key) => ({ key, records: keys.get(key)! }))
    yield { keys: sorted, prefixes, unanswered }
    if (!bound) return
  }
}

/** The last entry of a drive's page: its last version or its last common prefix. */
function lastPosition(page: DriveVersionsResult): Position | undefined {
  const record = page.versions.at(-1)
  const prefix = page.commonPrefixes.at(-1)
  const a = record ? { key: record.key, order: orderOnDrive(record) } : undefined
  const b = prefix !== undefined ? { key: prefix, order: PAST_ORDER } : undefined
  if (!a) return b
  if (!b) return a
  return comparePosition(a, b) > 0 ? a : b
}
