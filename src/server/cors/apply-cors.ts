/**
 * CORS for browser pages on other origins: a preflight (`OPTIONS` with `Origin` and
 * `Access-Control-Request-Method`) is answered before routing and authentication (a browser
 * never signs it); every other response to an allowed `Origin` says the origin may read it and
 * exposes the headers the SDK reads (ETag, request ID, version ID, Content-Range, …).
 * A bucket with its own CORS configuration (PutBucketCors) is answered by its rules alone; the
 * server-wide policy is the default for every other bucket and for the service and admin paths.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { uriDecode } from '../../shared/sigv4/uri-encode.js'
import { isAdminRequest } from '../admin/handle-admin-request.js'
import type { ServerContext } from '../context.js'
import { S3ServerError } from '../errors.js'
import { splitTarget } from '../router/split-target.js'
import { answerBucketPreflight, applyBucketCors } from './apply-bucket-cors.js'
import { bucketCorsOf } from './bucket-cors.js'
import type { CorsPolicy } from './cors-policy.js'

const ALLOW_METHODS = 'GET, PUT, POST, DELETE, HEAD'

// Listed by name for credentialed requests, where '*' is taken literally; '*' covers the rest
// (x-amz-meta-*) for the SDK's fetch, which sends no credentials.
const EXPOSE_HEADERS = [
  '*',
  'ETag',
  'Content-Length',
  'Content-Range',
  'Content-Type',
  'Content-Disposition',
  'Content-Encoding',
  'Last-Modified',
  'Location',
  'x-amz-request-id',
  'x-amz-id-2',
  'x-amz-version-id',
  'x-amz-delete-marker',
  'x-amz-bucket-region',
  'x-amz-server-side-encryption',
  'x-minio-error-code',
  'x-minio-error-desc',
].join(', ')

const PREFLIGHT_MAX_AGE = '3600'

/**
 * Adds CORS headers for the request's `Origin` and answers a preflight. Returns true when the
 * request was a preflight (already answered); throws AccessDenied for a preflight from an
 * origin the server policy does not allow, AccessForbidden for one no rule of the bucket's own
 * configuration allows. Requests without `Origin` are left alone, synchronously (no storage
 * read, no microtask): only browser requests pay for the bucket's rules.
 * @example
 * const cors = applyCors(ctx, req, res)
 * if (cors === true || (cors !== false && (await cors))) return
 */
export function applyCors(
  ctx: Pick<ServerContext, 'cors' | 'storage' | 'domain'>,
  req: IncomingMessage,
  res: ServerResponse,
): boolean | Promise<boolean> {
  if (req.method === 'OPTIONS') checkPreflight(req)
  const origin = req.headers.origin
  if (typeof origin !== 'string' || origin === '') return false
  const target = targetOf(req, ctx.domain)
  if (target === undefined) return applyServerCors(ctx.cors, req, res, origin)
  return bucketCorsOf(ctx.storage, target.bucket).then((rules) => {
    if (rules === undefined) return applyServerCors(ctx.cors, req, res, origin)
    if (req.method !== 'OPTIONS') {
      applyBucketCors(rules, req, res, origin)
      return false
    }
    answerBucketPreflight(rules, req, res, origin, target.key === '' ? 'BUCKET' : 'OBJECT')
    return true
  })
}

/** The bucket and key a request addresses, or undefined for the service, admin paths and bad paths. */
function targetOf(
  req: IncomingMessage,
  domain: string | undefined,
): { bucket: string; key: string } | undefined {
  const url = req.url ?? '/'
  if (isAdminRequest(url)) return undefined
  const q = url.indexOf('?')
  let path: string
  try {
    path = uriDecode(q === -1 ? url : url.slice(0, q))
  } catch {
    return undefined
  }
  const host = req.headers.host
  const target = splitTarget(path, typeof host === 'string' ? host : undefined, domain)
  return target.bucket === '' ? undefined : target
}

/** The server-wide policy (`createServer({ cors })`, any origin by default). */
function applyServerCors(
  policy: CorsPolicy | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): boolean {
  const requestedMethod = req.headers['access-control-request-method']
  const preflight = req.method === 'OPTIONS' && typeof requestedMethod === 'string'
  res.setHeader('vary', 'Origin')
  const allowed = policy === undefined || policy.allows(origin)
  if (!allowed) {
    if (preflight)
      throw new S3ServerError('AccessDenied', `CORSResponse: origin ${origin} may not call this server.`)
    return false
  }
  res.setHeader('access-control-allow-origin', origin)
  res.setHeader('access-control-allow-credentials', 'true')
  if (!preflight) {
    res.setHeader('access-control-expose-headers', EXPOSE_HEADERS)
    return false
  }
  res.setHeader('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers')
  res.setHeader('access-control-allow-methods', ALLOW_METHODS)
  const requestedHeaders = req.headers['access-control-request-headers']
  if (typeof requestedHeaders === 'string' && requestedHeaders !== '') {
    res.setHeader('access-control-allow-headers', requestedHeaders)
  }
  res.setHeader('access-control-max-age', PREFLIGHT_MAX_AGE)
  res.writeHead(200, { 'content-length': 0 })
  res.end()
  return true
}

/**
 * OPTIONS is only ever a CORS preflight: without `Origin` or `Access-Control-Request-Method`
 * S3 answers 400 BadRequest with these messages (not 405; issue 19).
 */
function checkPreflight(req: IncomingMessage): void {
  const origin = req.headers.origin
  if (typeof origin !== 'string' || origin === '') {
    throw new S3ServerError('BadRequest', 'Insufficient information. Origin request header needed.')
  }
  const method = req.headers['access-control-request-method']
  if (typeof method !== 'string' || method === '') {
    throw new S3ServerError('BadRequest', 'Invalid Access-Control-Request-Method: null')
  }
}
