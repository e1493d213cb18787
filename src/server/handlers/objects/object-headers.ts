import { validateHeaderValue } from 'node:http'
import { S3ServerError } from '../../errors.js'
import { isInternalHeader } from '../../storage/common/internal-headers.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { encryptionHeaders } from '../encryption/request-encryption.js'
import { isChecksumHeader } from './checksum-headers.js'
import { encodeMetadataValue } from './metadata-text.js'

// GetObject's response-* query parameters override the stored headers (S3 GetObject reference).
const OVERRIDES: ReadonlyArray<readonly [string, string]> = [
  ['response-content-type', 'content-type'],
  ['response-content-language', 'content-language'],
  ['response-expires', 'expires'],
  ['response-cache-control', 'cache-control'],
  ['response-content-disposition', 'content-disposition'],
  ['response-content-encoding', 'content-encoding'],
]

/**
 * Response headers describing a stored object: ETag (quoted), Last-Modified, Content-Type, the
 * stored metadata (never the server's internal records) and the object's encryption (never a
 * key), with GetObject's `response-*` overrides applied. (`x-amz-tagging-count` and the object
 * lock headers depend on the caller's permissions: tagging/tag-count-header.ts,
 * object-lock/lock-response-headers.ts.)
 *
 * @example res.writeHead(200, { ...objectHeaders(info, route.query), 'content-length': info.size })
 */
export function objectHeaders(
  info: ObjectInfo,
  query: ReadonlyArray<readonly [string, string]> = [],
): Record<string, string> {
  // A fresh object the caller may add to; later names win, as in a literal.
  const headers = withEncodedMetadata(info.headers)
  headers.etag = `"${info.etag}"`
  headers['last-modified'] = info.lastModified.toUTCString()
  headers['content-type'] = info.contentType
  if (info.encryption) Object.assign(headers, encryptionHeaders(info.encryption))
  for (const [name, value] of query) {
    const header = OVERRIDES.find(([param]) => param === name)?.[1]
    if (header) headers[header] = checkOverride(name, header, value)
  }
  return headers
}

// Non-ASCII user metadata goes out RFC 2047-encoded, as S3 returns it (see metadata-text.ts).
// Stored checksums go out only when asked for (see checksumResponseHeaders); the server's internal
// records (x-silo-internal-*: tags, encryption) never.
function withEncodedMetadata(stored: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(stored)) {
    if (isChecksumHeader(name) || isInternalHeader(name)) continue
    out[name] = name.startsWith('x-amz-meta-') ? encodeMetadataValue(value) : value
  }
  return out
}

// The value is decoded from the query, so it may hold what no header can (a line break, '€'):
// Node would refuse it at writeHead, a 500 (issue 12).
function checkOverride(param: string, header: string, value: string): string {
  try {
    validateHeaderValue(header, value)
  } catch {
    throw new S3ServerError(
      'InvalidArgument',
      `${param} must be latin-1 text without control characters, as a header value.`,
      { ArgumentName: param },
    )
  }
  return value
}

/**
 * Refuses GetObject's `response-*` overrides on an anonymous request, as S3 does: otherwise
 * anyone could have an uploaded file served from this origin as, say, `text/html`. Signed and
 * presigned requests keep them (the signer chose them).
 *
 * @example refuseAnonymousOverrides(route.query, auth.identity.anonymous)
 */
export function refuseAnonymousOverrides(
  query: ReadonlyArray<readonly [string, string]>,
  anonymous: boolean,
): void {
  if (!anonymous || !query.some(([name]) => OVERRIDES.some(([param]) => param === name))) return
  throw new S3ServerError(
    'InvalidRequest',
    'Request specific response headers cannot be used for anonymous GET requests.',
  )
}
