/** Reads one ListObjects / ListObjectsV2 page into listing items. */
import { decodeListedKey } from './listing-stream.js'
import type { ScannedListing } from './scan-listing-xml.js'

/**
 * A listed object, or (directory-style listings) a common prefix with size 0.
 * @example
 * for await (const item of client.listObjectsV2('photos')) console.log(item.prefix ?? item.name)
 */
export type BucketItem =
  | { name: string; lastModified: Date; etag: string; size: number; prefix?: undefined }
  | { prefix: string; size: 0; name?: undefined }

/** One page: its items and where the next page starts. */
export interface ObjectsPage {
  items: BucketItem[]
  truncated: boolean
  /** The last key or prefix on the page (decoded): the V1 marker when the server sends no NextMarker. */
  lastName: string
  /** Whether names, markers and tokens on the page are URL-encoded (`encoding-type=url`). */
  urlEncoded: boolean
}

/**
 * Objects first, then common prefixes, as S3 returns them.
 * @example
 * const page = parseObjectsPage(scanListing(await res.text()))
 */
export function parseObjectsPage(page: ScannedListing): ObjectsPage {
  const urlEncoded = page.field('EncodingType') === 'url'
  // Keys written together share a LastModified; parse each distinct text once per page.
  let lastText = ''
  let lastTime = Number.NaN
  const items: BucketItem[] = page.contents.map((c) => {
    if (c.LastModified !== lastText) {
      lastText = c.LastModified
      lastTime = Date.parse(c.LastModified)
    }
    return {
      name: decodeListedKey(c.Key, urlEncoded),
      lastModified: new Date(lastTime),
      etag: c.ETag.includes('"') ? c.ETag.replace(/"/g, '') : c.ETag,
      size: Number(c.Size),
    }
  })
  for (const p of page.prefixes) items.push({ prefix: decodeListedKey(p, urlEncoded), size: 0 })
  let lastName = ''
  for (const item of items) {
    const name = item.name ?? item.prefix
    if (name > lastName) lastName = name
  }
  return { items, truncated: page.field('IsTruncated') === 'true', lastName, urlEncoded }
}
