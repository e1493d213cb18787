import type { ListMultipartUploadsInput } from '../../../../src/server/storage/object-layer.js'

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
export function describeUploadRow(row: UploadRow): string {
  return row.uploadId === undefined ? `${row.name} (prefix)` : `${row.name} ${row.uploadId}`
}
