/** Reads one ListObjects / ListObjectsV2 page into listing items. */
import { childrenOf, textOf, type XmlValue } from '../../transport/xml.js'
import { decodeListedKey } from './listing-stream.js'

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
}

/**
 * Objects first, then common prefixes, as S3 returns them.
 * @example
 * const page = parseObjectsPage(await readXml(res, 'ListBucketResult'))
 */
export function parseObjectsPage(result: XmlValue): ObjectsPage {
  const encoded = textOf(result, 'EncodingType') === 'url'
  const items: BucketItem[] = childrenOf(result, 'Contents').map((c) => ({
    name: decodeListedKey(textOf(c, 'Key'), encoded),
    lastModified: new Date(textOf(c, 'LastModified')),
    etag: textOf(c, 'ETag').replace(/"/g, ''),
    size: Number(textOf(c, 'Size')),
  }))
  for (const p of childrenOf(result, 'CommonPrefixes')) {
    items.push({ prefix: decodeListedKey(textOf(p, 'Prefix'), encoded), size: 0 })
  }
  let lastName = ''
  for (const item of items) {
    const name = item.name ?? item.prefix
    if (name > lastName) lastName = name
  }
  return { items, truncated: textOf(result, 'IsTruncated') === 'true', lastName }
}

/**
 * Whether a page was sent URL-encoded (then its markers and tokens are encoded too).
 * @example
 * isUrlEncoded(result) // true when <EncodingType>url</EncodingType>
 */
export function isUrlEncoded(result: XmlValue): boolean {
  return textOf(result, 'EncodingType') === 'url'
}
