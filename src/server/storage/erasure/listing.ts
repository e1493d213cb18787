import { compareUtf8 } from '../common/compare-utf8.js'
import type { ListObjectsInput, ListObjectsResult, ObjectInfo } from '../object-layer.js'
import type { DriveObject } from '../storage-drive.js'
import { requireBucket } from './buckets.js'
import {
  type DriveResult,
  type ErasureContext,
  minimumReadDrives,
  onDrives,
  pickAgreed,
  usableDrives,
} from './context.js'
import { boundOf } from './drive-pages.js'
import { toObjectInfo } from './object-meta.js'

const MAX_KEYS = 1000

type Entry = { name: string; object: ObjectInfo } | { name: string; prefix: string }

/**
 * ListObjects across drives: every usable drive lists the same page and the pages are merged.
 * An object is listed when at least `data` drives agree on a version of it (what a read needs),
 * a common prefix when at least half the answering drives roll keys up into it. A drive whose
 * page was cut short bounds what the merge may trust: entries past the smallest such cut wait
 * for the next round, so a page is always complete up to where it ends.
 */
export async function listObjects(ctx: ErasureContext, input: ListObjectsInput): Promise<ListObjectsResult> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), `ListObjects ${input.bucket}`, false)
  await requireBucket(ctx, input.bucket, drives)
  const maxKeys = Math.min(Math.max(input.maxKeys ?? MAX_KEYS, 0), MAX_KEYS)
  if (maxKeys === 0) return { objects: [], commonPrefixes: [], isTruncated: false }
  const prefixQuorum = Math.max(1, Math.ceil(drives.length / 2))
  const entries: Entry[] = []
  let cursor = input.startAfter
  let exhausted = false
  while (entries.length <= maxKeys && !exhausted) {
    const pages = await onDrives(ctx, drives, (store) =>
      store.listObjects({
        ...input,
        startAfter: cursor,
        maxKeys: Math.min(MAX_KEYS, maxKeys + 1),
        // Drives leave out keys whose latest is a delete marker (and prefixes of only such keys):
        // a marker is on at least write quorum drives, so the version under it is then listed by
        // fewer than `data` drives (the stale ones) and is not listed either.
      }),
    )
    const { bound, complete } = boundOf(pages)
    exhausted = complete
    const votes = new Map<string, { objects: DriveResult<DriveObject>[]; prefixes: number }>()
    for (const page of pages) {
      if (!page.ok) continue
      const tally = (name: string) => {
        const entry = votes.get(name) ?? { objects: [], prefixes: 0 }
        votes.set(name, entry)
        return entry
      }
      for (const object of page.value.objects) {
        if (bound === undefined || compareUtf8(object.key, bound) <= 0) {
          tally(object.key).objects.push({ drive: page.drive, ok: true, value: object })
        }
      }
      for (const prefix of page.value.commonPrefixes) {
        if (bound === undefined || compareUtf8(prefix, bound) <= 0) tally(prefix).prefixes++
      }
    }
    const names = [...votes.keys()].sort(compareUtf8)
    for (const name of names) {
      const vote = votes.get(name)!
      if (vote.prefixes >= prefixQuorum) {
        entries.push({ name, prefix: name })
        continue
      }
      const agreed = pickAgreed(vote.objects)
      if (agreed && !agreed.meta.marker) {
        entries.push({ name, object: toObjectInfo(input.bucket, name, agreed.meta, false) })
      }
    }
    if (bound !== undefined) cursor = bound
  }
  const page = entries.slice(0, maxKeys)
  const isTruncated = entries.length > maxKeys || !exhausted
  const result: ListObjectsResult = {
    objects: page.flatMap((e) => ('object' in e ? [e.object] : [])),
    commonPrefixes: page.flatMap((e) => ('prefix' in e ? [e.prefix] : [])),
    isTruncated,
  }
  if (isTruncated && page.length > 0) result.nextStartAfter = page.at(-1)!.name
  else if (isTruncated && cursor !== undefined) result.nextStartAfter = cursor
  return result
}
