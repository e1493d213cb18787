/** ListBuckets: `GET /`. */
import type { WireResponse } from '../../platform/types.js'
import { readXml } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { childrenOf, textOf } from '../../transport/xml.js'

/**
 * A bucket as `listBuckets` reports it.
 * @example
 * const [first]: BucketItemFromList[] = await client.listBuckets()
 */
export interface BucketItemFromList {
  name: string
  creationDate: Date
}

/**
 * Lists the caller's buckets.
 * @example
 * const buckets = await listBuckets(transport)
 */
export function listBuckets(t: Transport): Promise<BucketItemFromList[]> {
  return t.call({ method: 'GET' }, parseListBuckets)
}

/**
 * Parses a `ListAllMyBucketsResult` response.
 * @example
 * const buckets = await parseListBuckets(res)
 */
export async function parseListBuckets(res: WireResponse): Promise<BucketItemFromList[]> {
  const result = await readXml(res, 'ListAllMyBucketsResult')
  const buckets = typeof result === 'object' && !Array.isArray(result) ? result['Buckets'] : undefined
  return childrenOf(buckets, 'Bucket').map((bucket) => ({
    name: textOf(bucket, 'Name'),
    creationDate: new Date(textOf(bucket, 'CreationDate')),
  }))
}
