import { uriDecode, uriEncodePath } from './uri-encode.js'

export interface CanonicalUriOptions {
  /**
   * Generic SigV4 (every AWS service but S3): the path as sent is URI-encoded once more.
   * S3 never double-encodes; only the generic test vectors use this.
   */
  doubleEncode?: boolean
  /** Generic SigV4: drop empty, '.' and '..' segments. S3 never normalizes (keys may hold them). */
  normalize?: boolean
}

/**
 * The canonical URI of a request path as sent on the wire (percent-encoded).
 * For S3 (the default) the path is decoded and re-encoded with SigV4 rules, so the result does
 * not depend on which optional escapes the client chose.
 *
 * @example
 * ```ts
 * canonicalUri('/bucket/my%20photo.jpg') // '/bucket/my%20photo.jpg'
 * canonicalUri('/a%20b', { doubleEncode: true }) // '/a%2520b'
 * ```
 */
export function canonicalUri(wirePath: string, options: CanonicalUriOptions = {}): string {
  const path = options.normalize ? normalizePath(wirePath) : wirePath
  if (options.doubleEncode) return uriEncodePath(path)
  return uriEncodePath(uriDecode(path))
}

/** RFC 3986 dot-segment removal plus collapsing of empty segments, keeping a trailing slash. */
export function normalizePath(path: string): string {
  const out: string[] = []
  const segments = path.split('/')
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') out.pop()
    else out.push(segment)
  }
  const last = segments[segments.length - 1]
  const trailing = out.length > 0 && (last === '' || last === '.' || last === '..')
  return `/${out.join('/')}${trailing ? '/' : ''}`
}
