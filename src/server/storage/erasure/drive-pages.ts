/**
 * Walking what the drives list, page by page: the merge bound every listing over drives needs,
 * and every key any drive holds (what heal and DeleteBucket visit).
 */
import { compareUtf8 } from '../common/compare-utf8.js'
import type { DriveListResult, DriveObject } from '../storage-drive.js'
import { codeOf, type DriveResult, type ErasureContext, onDrives } from './context.js'
import type { ErasureDrive } from './drive-set.js'

/** How many entries to ask each drive for per page. */
const DRIVE_PAGE = 1000

/**
 * The smallest last entry among pages that were cut short (entries after it are not complete on
 * every drive yet), and whether no page was cut (the listing is complete).
 */
export function boundOf(pages: DriveResult<DriveListResult>[]): {
  bound: string | undefined
  complete: boolean
} {
  let bound: string | undefined
  for (const page of pages) {
    if (!page.ok || !page.value.isTruncated || page.value.nextStartAfter === undefined) continue
    if (bound === undefined || compareUtf8(page.value.nextStartAfter, bound) < 0)
      bound = page.value.nextStartAfter
  }
  return { bound, complete: bound === undefined }
}

/** Keys under `prefix` that any drive holds, sorted, once each (what heal visits). */
export async function* listKeysOnAnyDrive(
  ctx: ErasureContext,
  drives: readonly ErasureDrive[],
  bucket: string,
  prefix: string,
): AsyncGenerator<string> {
  for await (const { key } of listHoldersOnDrives(ctx, drives, bucket, prefix)) yield key
}

/** One key some drive holds, and what each drive holding it answered. */
export interface HeldKey {
  key: string
  holders: DriveResult<DriveObject>[]
  /** Drives that failed to list (not for lack of the bucket): they may hold it too. */
  unanswered: number
}

/**
 * Keys under `prefix` that any of `drives` holds, sorted, once each, with every drive's version
 * of it as its listing shows it (its latest record).
 */
export async function* listHoldersOnDrives(
  ctx: ErasureContext,
  drives: readonly ErasureDrive[],
  bucket: string,
  prefix: string,
): AsyncGenerator<HeldKey> {
  let cursor: string | undefined
  while (true) {
    const pages = await onDrives(ctx, drives, (store) =>
      // Keys whose latest version is a delete marker too: they hold versions to heal.
      store.listObjects({ bucket, prefix, startAfter: cursor, maxKeys: DRIVE_PAGE, withDeleteMarkers: true }),
    )
    const { bound, complete } = boundOf(pages)
    const unanswered = pages.filter((p) => !p.ok && codeOf(p.error) !== 'NoSuchBucket').length
    const keys = new Map<string, DriveResult<DriveObject>[]>()
    for (const page of pages) {
      // A drive without the bucket (or failing) adds nothing; the others still list.
      if (!page.ok) continue
      for (const object of page.value.objects) {
        if (bound !== undefined && compareUtf8(object.key, bound) > 0) continue
        const holders = keys.get(object.key) ?? []
        holders.push({ drive: page.drive, ok: true, value: object })
        keys.set(object.key, holders)
      }
    }
    for (const key of [...keys.keys()].sort(compareUtf8)) yield { key, holders: keys.get(key)!, unanswered }
    if (complete) return
    cursor = bound
  }
}
