/**
 * ListObjectVersions: `GET /bucket?versions`, what `listObjects(bucket, prefix, recursive,
 * { IncludeVersion: true })` lists. Items are read as minio-js reads them: on each page the
 * versions first, then the delete markers (`isDeleteMarker: true`), then common prefixes; each
 * with `versionId` and `isLatest`. Pages follow NextKeyMarker / NextVersionIdMarker.
 */
import { sanitizeETag } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { decodeListedKey, type ListingStream, toListingStream } from '../listing/listing-stream.js'
import { parseMinioXml, toArray } from './minio-xml.js'

/**
 * One listed version or delete marker (or, directory-style, a common prefix with size 0).
 * @example
 * for await (const v of client.listObjects('photos', '', true, { IncludeVersion: true })) console.log(v.versionId)
 */
export type BucketVersionItem =
  | {
      name: string
      lastModified: Date | undefined
      etag: string
      /** undefined for a delete marker. */
      size: number | undefined
      versionId: string
      isLatest: boolean
      isDeleteMarker: boolean
      prefix?: undefined
    }
  | { prefix: string; size: 0; name?: undefined }

/**
 * Lists every version and delete marker under `prefix`, lazily (arguments already checked).
 * @example
 * for await (const v of listObjectVersions(transport, 'photos', '', '', '1000')) console.log(v)
 */
export function listObjectVersions(
  t: Transport,
  bucket: string,
  prefix: string,
  delimiter: string,
  maxKeys: string,
): ListingStream<BucketVersionItem> {
  return toListingStream(pages(t, bucket, prefix, delimiter, maxKeys))
}

async function* pages(
  t: Transport,
  bucket: string,
  prefix: string,
  delimiter: string,
  maxKeys: string,
): AsyncGenerator<BucketVersionItem[]> {
  let keyMarker = ''
  let versionIdMarker = ''
  for (;;) {
    const query: Record<string, string> = {
      delimiter,
      'encoding-type': 'url',
      'max-keys': maxKeys,
      prefix,
      versions: '',
    }
    if (keyMarker) query['key-marker'] = keyMarker
    if (versionIdMarker) query['version-id-marker'] = versionIdMarker
    const page = await t.call({ method: 'GET', bucket, query }, async (res) =>
      parseVersionsPage(await res.text()),
    )
    yield page.items
    if (!page.truncated || (page.keyMarker === keyMarker && page.versionIdMarker === versionIdMarker)) return
    keyMarker = page.keyMarker
    versionIdMarker = page.versionIdMarker
  }
}

/** One ListVersionsResult page. */
export interface VersionsPage {
  items: BucketVersionItem[]
  truncated: boolean
  /** NextKeyMarker as sent (still URL-encoded when the page is), '' when absent. */
  keyMarker: string
  versionIdMarker: string
}

type Entry = Record<string, unknown>

/**
 * Reads a ListVersionsResult document (keys URL-decoded when `EncodingType` is url).
 * @example
 * const page = await parseVersionsPage(xml)
 */
export async function parseVersionsPage(text: string): Promise<VersionsPage> {
  const root = await parseMinioXml(text, 'ListVersionsResult', false)
  const urlEncoded = root.EncodingType === 'url'
  const item = (entry: Entry, isDeleteMarker: boolean): BucketVersionItem => ({
    name: decodeListedKey(String(entry.Key ?? ''), urlEncoded),
    lastModified: entry.LastModified ? new Date(String(entry.LastModified)) : undefined,
    etag: sanitizeETag(String(entry.ETag ?? '')),
    // Delete markers have no Size: undefined, as in minio-js.
    size: entry.Size === undefined || entry.Size === '' ? undefined : Number.parseInt(String(entry.Size), 10),
    versionId: String(entry.VersionId ?? ''),
    isLatest: entry.IsLatest === true || entry.IsLatest === 'true',
    isDeleteMarker,
  })
  const items: BucketVersionItem[] = [
    ...toArray(root.Version as Entry | Entry[] | undefined).map((e) => item(e, false)),
    ...toArray(root.DeleteMarker as Entry | Entry[] | undefined).map((e) => item(e, true)),
    ...toArray(root.CommonPrefixes as Entry | Entry[] | undefined).map(
      (e): BucketVersionItem => ({ prefix: decodeListedKey(String(e.Prefix ?? ''), urlEncoded), size: 0 }),
    ),
  ]
  return {
    items,
    truncated: root.IsTruncated === true || root.IsTruncated === 'true',
    keyMarker: decodeListedKey(String(root.NextKeyMarker ?? ''), urlEncoded),
    versionIdMarker: String(root.NextVersionIdMarker ?? ''),
  }
}
