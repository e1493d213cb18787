import { expect } from 'vitest'
import type {
  ListMultipartUploadsInput,
  ListMultipartUploadsResult,
  ListObjectsInput,
  ListObjectsResult,
} from '../../../../src/server/storage/object-layer.js'
import { modelListObjects } from '../contract/list-model.js'

/**
 * Paging checks against models: every page of a listing at every page size from 1 to past the
 * end, each compared with what the model's page from the same markers holds, and the pages
 * together with the whole listing.
 */

const BUCKET = 'b'

/** ListObjects of `keys` (in whatever sets) paged at every maxKeys, like modelListObjects. */
export async function expectObjectPagesLikeModel(
  list: (input: ListObjectsInput) => Promise<ListObjectsResult>,
  keys: string[],
  query: Pick<ListObjectsInput, 'prefix' | 'delimiter'>,
): Promise<void> {
  const all = modelListObjects(keys, { ...query, maxKeys: 1000 })
  for (let maxKeys = 1; maxKeys <= all.keys.length + all.prefixes.length + 1; maxKeys++) {
    const seen = { keys: [] as string[], prefixes: [] as string[] }
    let startAfter: string | undefined
    for (let n = 0; ; n++) {
      expect(n, 'the listing never ends').toBeLessThanOrEqual(keys.length)
      const page = await list({ bucket: BUCKET, ...query, maxKeys, startAfter })
      const shown = {
        keys: page.objects.map((o) => o.key),
        prefixes: page.commonPrefixes,
        isTruncated: page.isTruncated,
        ...(page.nextStartAfter !== undefined ? { nextStartAfter: page.nextStartAfter } : {}),
      }
      expect(shown, `maxKeys ${maxKeys} after ${startAfter}`).toEqual(
        modelListObjects(keys, { ...query, maxKeys, startAfter }),
      )
      seen.keys.push(...shown.keys)
      seen.prefixes.push(...shown.prefixes)
      if (!page.isTruncated) break
      startAfter = page.nextStartAfter
    }
    // Every key once; each common prefix once, though several sets list it.
    expect(seen).toEqual({ keys: all.keys, prefixes: all.prefixes })
  }
}

/** ListMultipartUploads of `uploads` paged at every maxUploads, like modelListUploads. */
export async function expectUploadPagesLikeModel(
  list: (input: ListMultipartUploadsInput) => Promise<ListMultipartUploadsResult>,
  uploads: ReadonlyArray<{ key: string; uploadId: string }>,
  query: Pick<ListMultipartUploadsInput, 'prefix' | 'delimiter'>,
): Promise<void> {
  const all = modelListUploads(uploads, { ...query, maxUploads: 1000 }).rows.map(describeUploadRow)
  for (let maxUploads = 1; maxUploads <= all.length + 1; maxUploads++) {
    let marker: Pick<ListMultipartUploadsInput, 'keyMarker' | 'uploadIdMarker'> = {}
    const seen: string[] = []
    for (let n = 0; ; n++) {
      expect(n, 'the listing never ends').toBeLessThanOrEqual(uploads.length)
      const page = await list({ bucket: BUCKET, ...query, ...marker, maxUploads })
      const expected = modelListUploads(uploads, { ...query, ...marker, maxUploads })
      const shown = [
        ...page.uploads.map((u) => describeUploadRow({ name: u.key, uploadId: u.uploadId })),
        ...page.commonPrefixes.map((name) => describeUploadRow({ name })),
      ]
      const rows = expected.rows.map(describeUploadRow)
      // Uploads and prefixes come in two lists: compare them as sets, the order by `seen`.
      expect(shown.sort(), `maxUploads ${maxUploads} at ${JSON.stringify(marker)}`).toEqual([...rows].sort())
      expect(page.isTruncated).toBe(expected.isTruncated)
      seen.push(...rows)
      if (!page.isTruncated) break
      expect({ keyMarker: page.nextKeyMarker, uploadIdMarker: page.nextUploadIdMarker }).toEqual(
        expected.next,
      )
      marker = expected.next!
    }
    expect(seen).toEqual(all)
  }
}

/** One entry of an uploads listing: an upload (with its ID) or a common prefix (without). */
export interface UploadRow {
  name: string
  uploadId?: string
}

/** What a ListMultipartUploads page should hold. */
export interface ExpectedUploads {
  rows: UploadRow[]
  isTruncated: boolean
  /** The markers of the next page, when truncated. */
  next?: { keyMarker: string; uploadIdMarker?: string }
}

/**
 * ListMultipartUploads the obvious way: uploads by key (UTF-8), then upload ID, rolled up into
 * common prefixes; after the markers; cut at maxUploads.
 */
export function modelListUploads(
  uploads: ReadonlyArray<{ key: string; uploadId: string }>,
  input: Omit<ListMultipartUploadsInput, 'bucket'>,
): ExpectedUploads {
  const prefix = input.prefix ?? ''
  const rows: UploadRow[] = []
  const ordered = [...uploads].sort((a, b) =>
    a.key === b.key
      ? a.uploadId < b.uploadId
        ? -1
        : 1
      : Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)),
  )
  for (const { key, uploadId } of ordered) {
    if (!key.startsWith(prefix)) continue
    const at = input.delimiter ? key.indexOf(input.delimiter, prefix.length) : -1
    if (at < 0) rows.push({ name: key, uploadId })
    else if (rows.at(-1)?.name !== key.slice(0, at + 1)) rows.push({ name: key.slice(0, at + 1) })
  }
  const after = rows.filter((row) => {
    if (input.keyMarker === undefined) return true
    const order = Buffer.compare(Buffer.from(row.name), Buffer.from(input.keyMarker))
    if (order !== 0) return order > 0
    return (
      input.uploadIdMarker !== undefined && row.uploadId !== undefined && row.uploadId > input.uploadIdMarker
    )
  })
  const max = input.maxUploads ?? 1000
  const page = after.slice(0, max)
  const isTruncated = after.length > max
  const last = page.at(-1)
  if (!isTruncated || !last) return { rows: page, isTruncated }
  return { rows: page, isTruncated, next: { keyMarker: last.name, uploadIdMarker: last.uploadId } }
}

/** A row as the tests compare it. */
function describeUploadRow(row: UploadRow): string {
  return row.uploadId === undefined ? `${row.name} (prefix)` : `${row.name} ${row.uploadId}`
}
