import { compareUtf8 } from '../common/compare-utf8.js'
import type {
  ListMultipartUploadsInput,
  ListMultipartUploadsResult,
  ListObjectsInput,
  ListObjectsResult,
  ListObjectVersionsInput,
  ListObjectVersionsResult,
  ObjectLayer,
} from '../object-layer.js'
import { mergeSorted } from './merge-sorted.js'

/**
 * The listings of several erasure sets merged into one (docs/storage.md#erasure-sets). Each set
 * lists its own keys; the merge reads every set's listing as one stream, page after page from
 * that set's own markers, and takes entries from the stream whose next one is smallest in UTF-8
 * byte order, the same common prefix from several sets once. A set's page that ends before
 * another's is continued before anything past its end is taken, so a merged page holds exactly
 * the entries that come first, as one set's page does: up to `max` of them, truncated when one
 * more exists, the markers those of the last entry returned.
 */

const MAX_PAGE = 1000

/** A key's entry (an object, version or upload), or a common prefix (no `item`). */
interface Entry<T> {
  name: string
  item?: T
}

/** One set's page of a listing: its entries in order, and where its next page starts. */
interface SetPage<T, C> {
  entries: Entry<T>[]
  /** Absent when the set has nothing more. */
  next?: C
}

/** ListObjects over every set. */
export async function listObjectsOfSets(
  sets: readonly Pick<ObjectLayer, 'listObjects'>[],
  input: ListObjectsInput,
): Promise<ListObjectsResult> {
  const max = pageLimitOf(input.maxKeys)
  if (max === 0) {
    const pages = await Promise.all(sets.map((set) => set.listObjects(input)))
    return { objects: [], commonPrefixes: [], isTruncated: pages.some((p) => p.isTruncated) }
  }
  const { page, isTruncated } = await takeMerged(sets, max, input.startAfter, async (set, startAfter) => {
    const listed = await set.listObjects({ ...input, startAfter, maxKeys: pageSizeOf(max) })
    return {
      entries: entriesOf(listed.objects, listed.commonPrefixes),
      next: listed.isTruncated ? listed.nextStartAfter : undefined,
    }
  })
  const result: ListObjectsResult = {
    objects: itemsOf(page),
    commonPrefixes: prefixesOf(page),
    isTruncated,
  }
  if (isTruncated) result.nextStartAfter = page.at(-1)!.name
  return result
}

type VersionMarker = Pick<ListObjectVersionsInput, 'keyMarker' | 'versionIdMarker'>

/** ListObjectVersions over every set (each must have it). */
export async function listObjectVersionsOfSets(
  sets: readonly Pick<ObjectLayer, 'listObjectVersions'>[],
  input: ListObjectVersionsInput,
): Promise<ListObjectVersionsResult> {
  const list = (set: (typeof sets)[number], page: ListObjectVersionsInput) => set.listObjectVersions!(page)
  const max = pageLimitOf(input.maxKeys)
  if (max === 0) {
    const pages = await Promise.all(sets.map((set) => list(set, input)))
    return { versions: [], commonPrefixes: [], isTruncated: pages.some((p) => p.isTruncated) }
  }
  const start: VersionMarker = { keyMarker: input.keyMarker, versionIdMarker: input.versionIdMarker }
  const { page, isTruncated } = await takeMerged(sets, max, start, async (set, marker) => {
    const listed = await list(set, { ...input, ...marker, maxKeys: pageSizeOf(max) })
    const more = listed.isTruncated && listed.nextKeyMarker !== undefined
    return {
      entries: entriesOf(listed.versions, listed.commonPrefixes),
      next: more
        ? { keyMarker: listed.nextKeyMarker, versionIdMarker: listed.nextVersionIdMarker }
        : undefined,
    }
  })
  const result: ListObjectVersionsResult = {
    versions: itemsOf(page),
    commonPrefixes: prefixesOf(page),
    isTruncated,
  }
  const last = page.at(-1)
  if (isTruncated && last) {
    result.nextKeyMarker = last.name
    if (last.item) result.nextVersionIdMarker = last.item.versionId
  }
  return result
}

type UploadMarker = Pick<ListMultipartUploadsInput, 'keyMarker' | 'uploadIdMarker'>

/** ListMultipartUploads over every set. */
export async function listMultipartUploadsOfSets(
  sets: readonly Pick<ObjectLayer, 'listMultipartUploads'>[],
  input: ListMultipartUploadsInput,
): Promise<ListMultipartUploadsResult> {
  const max = pageLimitOf(input.maxUploads)
  if (max === 0) {
    const pages = await Promise.all(sets.map((set) => set.listMultipartUploads(input)))
    return { uploads: [], commonPrefixes: [], isTruncated: pages.some((p) => p.isTruncated) }
  }
  const start: UploadMarker = { keyMarker: input.keyMarker, uploadIdMarker: input.uploadIdMarker }
  const { page, isTruncated } = await takeMerged(sets, max, start, async (set, marker) => {
    const listed = await set.listMultipartUploads({ ...input, ...marker, maxUploads: pageSizeOf(max) })
    const more = listed.isTruncated && listed.nextKeyMarker !== undefined
    return {
      entries: entriesOf(listed.uploads, listed.commonPrefixes),
      next: more ? { keyMarker: listed.nextKeyMarker, uploadIdMarker: listed.nextUploadIdMarker } : undefined,
    }
  })
  const result: ListMultipartUploadsResult = {
    uploads: itemsOf(page),
    commonPrefixes: prefixesOf(page),
    isTruncated,
  }
  const last = page.at(-1)
  if (isTruncated && last) {
    result.nextKeyMarker = last.name
    if (last.item) result.nextUploadIdMarker = last.item.uploadId
  }
  return result
}

/** A listing's `max`: 0 to 1000, default 1000 (as each set clamps it). */
function pageLimitOf(max: number | undefined): number {
  return Math.min(Math.max(max ?? MAX_PAGE, 0), MAX_PAGE)
}

/** What to ask each set for: one more than the page, to know whether it is truncated. */
function pageSizeOf(max: number): number {
  return Math.min(MAX_PAGE, max + 1)
}

/**
 * The first `max` entries of the sets' merged listings, and whether more follow. Each set is
 * listed from `start`, then from the markers of its own last page.
 */
async function takeMerged<S, T, C>(
  sets: readonly S[],
  max: number,
  start: C,
  listPage: (set: S, from: C) => Promise<SetPage<T, C>>,
): Promise<{ page: Entry<T>[]; isTruncated: boolean }> {
  const streams = sets.map((set) => streamOf(start, (from) => listPage(set, from)))
  const taken: Entry<T>[] = []
  const merged = mergeSorted(streams, (a, b) => compareUtf8(a.name, b.name), isSamePrefix)
  for await (const entry of merged) {
    taken.push(entry)
    // One past the page says whether it is truncated; the merge then lets the sets go.
    if (taken.length > max) break
  }
  return { page: taken.slice(0, max), isTruncated: taken.length > max }
}

/** A set's listing as one stream of entries, page after page. */
async function* streamOf<T, C>(
  start: C,
  listPage: (from: C) => Promise<SetPage<T, C>>,
): AsyncGenerator<Entry<T>> {
  let from = start
  while (true) {
    const page = await listPage(from)
    yield* page.entries
    if (page.next === undefined) return
    from = page.next
  }
}

/** A page's keys and prefixes as one list in listing order (a key's own entries keep theirs). */
function entriesOf<T extends { key: string }>(items: readonly T[], prefixes: readonly string[]): Entry<T>[] {
  const entries: Entry<T>[] = [
    ...items.map((item) => ({ name: item.key, item })),
    ...prefixes.map((name) => ({ name })),
  ]
  // Array sort is stable: the versions (or uploads) of one key stay in the set's order.
  return entries.sort((a, b) => compareUtf8(a.name, b.name))
}

function isSamePrefix<T>(previous: Entry<T>, next: Entry<T>): boolean {
  return previous.item === undefined && next.item === undefined && previous.name === next.name
}

function itemsOf<T>(page: readonly Entry<T>[]): T[] {
  return page.flatMap((entry) => (entry.item ? [entry.item] : []))
}

function prefixesOf<T>(page: readonly Entry<T>[]): string[] {
  return page.flatMap((entry) => (entry.item ? [] : [entry.name]))
}
