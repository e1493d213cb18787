/** ListObjectsV2: `GET /bucket?list-type=2`, paged by continuation token. */
import { InvalidArgumentError } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import { optionalObject } from '../../validate.js'
import type { ListObjectsOptions } from './list-objects.js'
import { listingArgs, pageSize } from './listing-args.js'
import { type ListingStream, toListingStream } from './listing-stream.js'
import { type BucketItem, parseObjectsPage } from './parse-objects-page.js'
import { scanListing } from './scan-listing-xml.js'

/**
 * Lists objects (and, unless recursive, common prefixes) with ListObjectsV2, lazily, starting
 * after `startAfter`.
 * @example
 * for await (const item of listObjectsV2(transport, 'photos', '', true, 'photos/2023')) console.log(item.name)
 */
export function listObjectsV2(
  t: Transport,
  bucketName: unknown,
  prefix?: unknown,
  recursive?: unknown,
  startAfter?: unknown,
  listOpts?: unknown,
): ListingStream<BucketItem> {
  const args = listingArgs(bucketName, prefix, recursive)
  const start = startAfter ?? ''
  if (typeof start !== 'string') {
    throw new InvalidArgumentError(
      `Invalid startAfter: must be a string, got ${String(start)} (${typeof start})`,
    )
  }
  const maxKeys = pageSize(optionalObject<ListObjectsOptions>(listOpts, 'listOpts').MaxKeys)
  const base = {
    'list-type': '2',
    delimiter: args.delimiter,
    'encoding-type': 'url',
    'max-keys': maxKeys,
    prefix: args.prefix,
    'start-after': start,
  }
  return toListingStream(pages(t, args.bucket, base))
}

async function* pages(
  t: Transport,
  bucket: string,
  base: Record<string, string>,
): AsyncGenerator<BucketItem[]> {
  let token = ''
  for (;;) {
    const query = token === '' ? base : { ...base, 'continuation-token': token }
    const result = await t.call({ method: 'GET', bucket, query }, async (res) =>
      scanListing(await res.text()),
    )
    const page = parseObjectsPage(result)
    yield page.items
    const next = result.field('NextContinuationToken')
    if (!page.truncated || next === '' || next === token) return
    token = next
  }
}
