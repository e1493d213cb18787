/** HeadObject: `HEAD /bucket/key`, read into a stat record. */
import type { WireResponse } from '../../platform/types.js'
import { discardBody, headerOf, sanitizeETag } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName, assertObjectName, optionalObject, optionalString } from '../../validate.js'
import { type SSECustomerOptions, sseCustomerHeaders } from './sse-customer-headers.js'

/**
 * Options of `statObject`.
 * @example
 * await client.statObject('photos', 'a.jpg', { versionId })
 */
export interface StatObjectOptions extends SSECustomerOptions {
  /** Stat this version instead of the latest. */
  versionId?: string
}

/**
 * Metadata of a stored object, as `statObject` reports it.
 * @example
 * const { size, metaData }: BucketItemStat = await client.statObject('photos', 'a.jpg')
 */
export interface BucketItemStat {
  size: number
  /** ETag without quotes. */
  etag: string
  lastModified: Date
  /** Standard headers (`content-type`, ...) and user metadata with `x-amz-meta-` stripped; lower-case keys. */
  metaData: Record<string, string>
  versionId: string | null
}

/**
 * Reads an object's size, ETag, date and metadata without its body.
 * @example
 * const stat = await statObject(transport, 'photos', 'a.jpg')
 */
export async function statObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  statOpts?: unknown,
): Promise<BucketItemStat> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const options = optionalObject<StatObjectOptions>(statOpts, 'statOpts')
  const versionId = optionalString(options.versionId, 'statOpts.versionId')
  // An SSE-C object's HEAD needs its key, sent as headers (minio-js 8 would put it in the query).
  const headers = sseCustomerHeaders(options, 'statOpts')
  return t.call(
    {
      method: 'HEAD',
      bucket: bucketName,
      key: objectName,
      headers,
      query: versionId ? { versionId } : undefined,
    },
    parseStat,
  )
}

// Headers that describe the object (minio-js statObject parity, §2.12).
const KEPT_HEADERS = new Set([
  'content-type',
  'cache-control',
  'content-encoding',
  'content-disposition',
  'content-language',
  'x-amz-website-redirect-location',
  'x-amz-storage-class',
  'x-amz-acl',
])

/**
 * Builds the stat record from HEAD response headers.
 * @example
 * const stat = parseStat(res)
 */
export async function parseStat(res: WireResponse): Promise<BucketItemStat> {
  await discardBody(res)
  const metaData: Record<string, string> = {}
  for (const name in res.headers) {
    const value = headerOf(res, name)
    if (value === undefined) continue
    if (name.startsWith('x-amz-meta-')) metaData[name.slice(11)] = value
    else if (KEPT_HEADERS.has(name) || name.startsWith('x-amz-server-side-encryption')) metaData[name] = value
  }
  return {
    size: Number(headerOf(res, 'content-length') ?? 0),
    etag: sanitizeETag(headerOf(res, 'etag')),
    lastModified: new Date(headerOf(res, 'last-modified') ?? ''),
    metaData,
    versionId: headerOf(res, 'x-amz-version-id') ?? null,
  }
}
