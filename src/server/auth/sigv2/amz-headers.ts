import type { AuthRequest } from '../auth-context.js'
import type { HoistedHeaders } from '../read-hoisted-headers.js'
import type { HeaderValueReading } from '../signed-header-block.js'
import { sentHeaderValues } from '../signed-header-block.js'

const EDGE_SPACES = /^[ \t]+|[ \t]+$/g

/**
 * SigV2's CanonicalizedAmzHeaders: every `x-amz-*` header of the request (and, for a presigned
 * URL, every `x-amz-*` parameter of its query: `hoisted`), lower-cased, sorted by name, one
 * `name:value` line each, a repeated header's values trimmed and joined with ',' (no inner
 * whitespace is collapsed, unlike SigV4: botocore and MinIO sign the values as they are).
 * Lines are joined with '\n', without a trailing one. `read` turns each value as Node hands it
 * over into the signer's text (see check-signature.ts for why there are two readings).
 *
 * @example canonicalAmzHeadersV2({ method: 'PUT', headers: { 'x-amz-meta-b': '2', 'x-amz-acl': 'private' } })
 * // 'x-amz-acl:private\nx-amz-meta-b:2'
 */
export function canonicalAmzHeadersV2(
  req: AuthRequest,
  hoisted?: HoistedHeaders,
  read: HeaderValueReading = (value) => value,
): string {
  const names = amzHeaderNames(req.headers, hoisted)
  if (names.length === 0) return ''
  const lines = names.map((name) => {
    const sent = req.headers[name] === undefined ? undefined : sentHeaderValues(req, name)
    const values = sent ?? [hoisted?.[name] ?? '']
    return `${name}:${values.map((v) => read(v).replace(EDGE_SPACES, '')).join(',')}`
  })
  return lines.join('\n')
}

/** The sorted names of the `x-amz-*` headers a V2 signature covers. */
export function amzHeaderNames(headers: AuthRequest['headers'], hoisted?: HoistedHeaders): string[] {
  const names = new Set<string>()
  // Node lower-cases header names; hoisted names are lower-cased by readHoistedHeaders.
  for (const name in headers) if (name.startsWith('x-amz-') && headers[name] !== undefined) names.add(name)
  if (hoisted) for (const name in hoisted) names.add(name)
  return [...names].sort()
}
