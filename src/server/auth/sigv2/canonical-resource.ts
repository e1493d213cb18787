import type { QueryPairs } from '../../../shared/sigv4/canonical-query.js'
import { SIGV2_SIGNED_SUBRESOURCES } from './signed-subresources.js'

/** Where a request's CanonicalizedResource comes from. */
export interface ResourceInput {
  /** The request path exactly as sent, still percent-encoded. */
  encodedPath: string
  /** The bucket of a virtual-host request (it is not in the path), else undefined. */
  virtualHostBucket?: string
  /** Decoded query parameters in request order. */
  query: QueryPairs
}

/**
 * SigV2's CanonicalizedResource: `/bucket` for a virtual-host request, then the path as sent,
 * then the signed sub-resources sorted by name, `name` alone when its value is empty, else
 * `name=value` with the value decoded (AWS "Signing and authenticating REST requests";
 * botocore and MinIO build it this way).
 *
 * @example canonicalResourceV2({ encodedPath: '/b/k', query: [['uploadId', 'x'], ['partNumber', '2']] })
 * // '/b/k?partNumber=2&uploadId=x'
 */
export function canonicalResourceV2(input: ResourceInput): string {
  const prefix = input.virtualHostBucket === undefined ? '' : `/${input.virtualHostBucket}`
  const signed = input.query.filter(([name]) => SIGV2_SIGNED_SUBRESOURCES.has(name))
  if (signed.length === 0) return prefix + input.encodedPath
  // By name only (a stable sort keeps a repeated name's values in request order), in code-unit
  // order, which is byte order for these ASCII names.
  signed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const parts = signed.map(([name, value]) => (value === '' ? name : `${name}=${value}`))
  return `${prefix}${input.encodedPath}?${parts.join('&')}`
}
