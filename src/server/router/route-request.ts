import { explainInvalidBucketName, explainInvalidObjectName } from '../../shared/names.js'
import type { S3Operation } from '../../shared/policy/operations.js'
import { parseQueryString } from '../../shared/sigv4/canonical-query.js'
import { uriDecode } from '../../shared/sigv4/uri-encode.js'
import { S3ServerError } from '../errors.js'
import { matchRoute } from './match-route.js'
import { refuseUnrouted } from './refuse-unrouted.js'
import type { RouteLevel } from './route-table.js'
import { splitTarget } from './split-target.js'

/** A request parsed into the S3 operation it names. */
export interface S3Route {
  /** What the request does; what it needs is `actionsForOperation(operation)`. */
  operation: S3Operation
  level: RouteLevel
  /** '' at service level. */
  bucket: string
  /** '' unless object level. */
  key: string
  /** The decoded request path (SigV4 canonical URI is its encoding). */
  path: string
  /** Decoded query parameters in request order. */
  query: Array<[string, string]>
  /** Virtual-host addressing: the bucket is not in `path` (SigV2 signs it in front of the path). */
  virtualHost?: boolean
  /** The path exactly as sent, still percent-encoded (SigV2 signs it so). */
  encodedPath?: string
}

/** The parts of an HTTP request the router looks at. */
export interface RoutableRequest {
  method: string
  /** Request target as on the request line: `/path?query`. */
  url: string
  headers: Readonly<Record<string, string | string[] | undefined>>
}

/**
 * Parses a request into its S3 operation, bucket and key. Throws S3ServerError for an
 * undecodable URI, an invalid bucket or key name, a method the resource does not allow, or a
 * subresource no row of the method routes (see `refuseUnrouted`).
 *
 * @example routeRequest({ method: 'GET', url: '/b?location', headers: { host: 'localhost' } }).operation
 * // 'GetBucketLocation'
 */
export function routeRequest(request: RoutableRequest, domain?: string): S3Route {
  const q = request.url.indexOf('?')
  const rawPath = q === -1 ? request.url : request.url.slice(0, q)
  let path: string
  let query: Array<[string, string]>
  try {
    path = uriDecode(rawPath)
    query = q === -1 ? [] : parseQueryString(request.url.slice(q + 1))
  } catch {
    throw new S3ServerError('InvalidArgument', 'The request URI is not valid percent-encoded UTF-8.')
  }
  if (!path.startsWith('/')) throw new S3ServerError('InvalidArgument', 'The request path must start with /.')
  const host = request.headers.host
  const { bucket, key, virtualHost } = splitTarget(path, typeof host === 'string' ? host : undefined, domain)
  const level: RouteLevel = bucket === '' ? 'service' : key === '' ? 'bucket' : 'object'
  const matched = matchRoute({ method: request.method, level, query, headers: request.headers })
  if (!matched) throw refuseUnrouted(request.method, level, query)
  if (level !== 'service') checkNames(bucket, key)
  const route: S3Route = {
    operation: matched.operation,
    level,
    bucket,
    key,
    path,
    query,
    encodedPath: rawPath,
  }
  if (virtualHost) route.virtualHost = true
  return route
}

// Bucket names seen valid: a server sees few distinct buckets, and checking the name's shape
// on every request is waste. Bounded, and cleared when full.
const VALID_BUCKETS = new Set<string>()
const MAX_VALID_BUCKETS = 1024

function checkNames(bucket: string, key: string): void {
  if (!VALID_BUCKETS.has(bucket)) checkBucketName(bucket)
  // At most 3 UTF-8 bytes per UTF-16 unit: a key of ≤ 341 units is always within 1,024 bytes.
  if (key.length > 341 && explainInvalidObjectName(key)) {
    throw new S3ServerError('KeyTooLongError', 'Your key is too long: at most 1024 bytes of UTF-8.', {
      Key: key.slice(0, 64),
    })
  }
}

function checkBucketName(bucket: string): void {
  const bucketProblem = explainInvalidBucketName(bucket)
  if (bucketProblem)
    throw new S3ServerError('InvalidBucketName', `The specified bucket is not valid: ${bucketProblem}.`, {
      BucketName: bucket,
    })
  if (VALID_BUCKETS.size >= MAX_VALID_BUCKETS) VALID_BUCKETS.clear()
  VALID_BUCKETS.add(bucket)
}
