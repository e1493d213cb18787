/**
 * SigV4 URI encoding ("UriEncode" in the S3 SigV4 reference): every byte of the UTF-8 form is
 * percent-encoded with upper-case hex except the unreserved characters A-Z a-z 0-9 - _ . ~.
 */

const UNRESERVED_ONLY = /^[A-Za-z0-9\-_.~]*$/
const UNRESERVED_OR_SLASH_ONLY = /^[A-Za-z0-9\-_.~/]*$/
// encodeURIComponent leaves these sub-delimiters alone; SigV4 encodes them.
const SUB_DELIMS = /[!'()*]/g

function escapeSubDelim(c: string): string {
  return `%${c.charCodeAt(0).toString(16).toUpperCase()}`
}

/**
 * Encodes `value` for a canonical query string or path segment ('/' becomes %2F).
 * @example uriEncode('a b/c*') // 'a%20b%2Fc%2A'
 */
export function uriEncode(value: string): string {
  if (UNRESERVED_ONLY.test(value)) return value
  return encodeURIComponent(value).replace(SUB_DELIMS, escapeSubDelim)
}

/**
 * Encodes a decoded path, keeping '/' as the separator (S3 object keys).
 * @example uriEncodePath('/bucket/a b/ሴ') // '/bucket/a%20b/%E1%88%B4'
 */
export function uriEncodePath(path: string): string {
  if (UNRESERVED_OR_SLASH_ONLY.test(path)) return path
  return uriEncode(path).replaceAll('%2F', '/')
}

/**
 * Decodes a percent-encoded URI component; with `plusIsSpace` (query strings) '+' means space.
 * Throws URIError on a malformed escape or invalid UTF-8.
 * @example uriDecode('a%20b+c', true) // 'a b c'
 */
export function uriDecode(value: string, plusIsSpace = false): string {
  const v = plusIsSpace && value.includes('+') ? value.replaceAll('+', ' ') : value
  return v.includes('%') ? decodeURIComponent(v) : v
}
