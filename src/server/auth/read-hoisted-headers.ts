import type { QueryPairs } from '../../shared/sigv4/canonical-query.js'
import { S3ServerError } from '../errors.js'
import { ROUTE_TABLE } from '../router/route-table.js'
import type { Authentication, AuthRequest } from './auth-context.js'

/** Request headers a presigned URL carries in its signed query, lower-cased names. */
export type HoistedHeaders = Readonly<Record<string, string>>

// The presigned URL's own authentication: the signature's parameters, never request headers.
const AUTH_PARAMETERS = new Set([
  'x-amz-algorithm',
  'x-amz-credential',
  'x-amz-date',
  'x-amz-expires',
  'x-amz-signedheaders',
  'x-amz-signature',
  'x-amz-security-token',
])

// Headers that choose the operation (`@name` terms of the route table, e.g. x-amz-copy-source).
// Routing runs before authentication on the real headers only, so a hoisted one would be
// ignored: a PUT URL with ?x-amz-copy-source= would store its body, as S3 does (it routes on
// the header only). Refused instead, so nothing the URL asks for is silently dropped.
const ROUTING_HEADERS: ReadonlySet<string> = new Set(
  ROUTE_TABLE.flatMap(([, , condition]) =>
    condition
      .split('&')
      .filter((term) => term.startsWith('@'))
      .map((term) => term.slice(1)),
  ),
)

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/
// What Node's HTTP parser accepts in a header value (after the value is seen as latin1 bytes).
const INVALID_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/

/**
 * The `x-amz-*` request headers a presigned URL carries in its query (S3 and
 * `@aws-sdk/s3-request-presigner` "hoist" them there: `?x-amz-meta-a=b&x-amz-storage-class=...`).
 * S3 treats them as the request's headers; the signature covers them, as it covers the whole
 * query. Call only once the query signature verified. Names are matched case-insensitively and
 * lower-cased; the values become what Node would hand over for the same UTF-8 bytes sent as a
 * header. Throws 400 InvalidArgument for a name given twice or a name or value no header could
 * carry, and 400 InvalidRequest for a header also sent with another value, or a hoisted header
 * the router would have needed (`x-amz-copy-source`). Returns undefined when there is none.
 *
 * @example readHoistedHeaders([['x-amz-meta-a', 'b'], ['X-Amz-Signature', '...']], {}) // { 'x-amz-meta-a': 'b' }
 */
export function readHoistedHeaders(
  query: QueryPairs,
  headers: AuthRequest['headers'],
): HoistedHeaders | undefined {
  let hoisted: Record<string, string> | undefined
  for (const [rawName, rawValue] of query) {
    const name = rawName.toLowerCase()
    if (!name.startsWith('x-amz-') || AUTH_PARAMETERS.has(name)) continue
    hoisted ??= {}
    if (Object.hasOwn(hoisted, name)) throw refuseArgument(rawName, 'is given more than once in the query')
    if (!TOKEN.test(name)) throw refuseArgument(rawName, 'is not a valid header name')
    const value = toHeaderValue(rawName, rawValue)
    checkAgainstSentHeader(name, value, headers[name])
    hoisted[name] = value
  }
  return hoisted
}

/**
 * Makes the hoisted headers of an authenticated presigned request its headers, so every later
 * step (authorization's condition keys, handlers, body checksums) reads one set of headers.
 *
 * @example applyHoistedHeaders(req.headers, auth)
 */
export function applyHoistedHeaders(
  headers: Record<string, string | string[] | undefined>,
  auth: Authentication,
): void {
  if (auth.hoistedHeaders) Object.assign(headers, auth.hoistedHeaders)
}

// A query value is decoded UTF-8; a header value is its bytes seen as latin1 (Node's view), and
// stored metadata is that view, so both ways of sending the same bytes store the same value.
function toHeaderValue(rawName: string, rawValue: string): string {
  const value = Buffer.from(rawValue, 'utf8')
    .toString('latin1')
    .replace(/^[\t ]+|[\t ]+$/g, '')
  if (INVALID_VALUE_CHAR.test(value)) {
    throw refuseArgument(rawName, 'has a value no HTTP header can carry (control characters)')
  }
  return value
}

function checkAgainstSentHeader(name: string, value: string, sent: string | string[] | undefined): void {
  if (sent === undefined) {
    if (ROUTING_HEADERS.has(name)) {
      throw new S3ServerError(
        'InvalidRequest',
        `${name} is not honoured in a presigned URL's query: the operation is chosen from the request's headers. Sign it as a header (X-Amz-SignedHeaders) and send it.`,
      )
    }
    return
  }
  // A sent x-amz-* header is signed (check-amz-headers-signed.ts), so both came from the signer.
  if (String(sent) !== value) {
    throw new S3ServerError(
      'InvalidRequest',
      `${name} is given in the presigned URL's query and as a header, with different values.`,
    )
  }
}

function refuseArgument(rawName: string, why: string): S3ServerError {
  const name = rawName.slice(0, 128)
  return new S3ServerError('InvalidArgument', `The query parameter ${name} ${why}.`, { ArgumentName: name })
}
