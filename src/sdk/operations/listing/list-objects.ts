/**
 * ListObjects (V1): `GET /bucket?marker=…`. The next page starts at NextMarker, or, when the
 * server omits it (AWS does without a delimiter), at the last key or prefix of the page: the
 * minio-js bug that stopped recursive V1 listings at 1,000 keys (facts §2.8, PR #1253).
 */
import type { Transport } from '../../transport/transport.js'
import { optionalObject } from '../../validate.js'
import { type BucketVersionItem, listObjectVersions } from '../versioning/list-object-versions.js'
import { listingArgs, pageSize } from './listing-args.js'
import { decodeListedKey, type ListingStream, toListingStream } from './listing-stream.js'
import { type BucketItem, parseObjectsPage } from './parse-objects-page.js'
import { scanListing } from './scan-listing-xml.js'

/**
 * Options of `listObjects`.
 * @example
 * client.listObjects('photos', '', true, { MaxKeys: 100 })
 */
export interface ListObjectsOptions {
  /** Keys per request, 1 to 1000 (default 1000). The stream still lists everything. */
  MaxKeys?: number
  /** List every version and delete marker (ListObjectVersions) instead of the current objects. */
  IncludeVersion?: boolean
}

/**
 * Lists objects (and, unless recursive, common prefixes) with ListObjects V1, lazily.
 * @example
 * for await (const item of listObjects(transport, 'photos', '2024/', false)) console.log(item)
 */
export function listObjects(
  t: Transport,
  bucketName: unknown,
  prefix?: unknown,
  recursive?: unknown,
  listOpts?: unknown,
): ListingStream<BucketItem | BucketVersionItem> {
  const args = listingArgs(bucketName, prefix, recursive)
  const options = optionalObject<ListObjectsOptions>(listOpts, 'listOpts')
  const maxKeys = pageSize(options.MaxKeys)
  if (options.IncludeVersion) {
    return listObjectVersions(t, args.bucket, args.prefix, args.delimiter, maxKeys)
  }
  return toListingStream(pages(t, args.bucket, args.prefix, args.delimiter, maxKeys))
}

async function* pages(
  t: Transport,
  bucket: string,
  prefix: string,
  delimiter: string,
  maxKeys: string,
): AsyncGenerator<BucketItem[]> {
  let marker = ''
  for (;;) {
    const query = { delimiter, 'encoding-type': 'url', marker, 'max-keys': maxKeys, prefix }
    const result = await t.call({ method: 'GET', bucket, query }, async (res) =>
      scanListing(await res.text()),
    )
    const page = parseObjectsPage(result)
    yield page.items
    const next = decodeListedKey(result.field('NextMarker'), page.urlEncoded) || page.lastName
    if (!page.truncated || next === '' || next === marker) return
    marker = next
  }
}
