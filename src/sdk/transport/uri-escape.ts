/** Percent-encoding as SigV4 and S3 want it (RFC 3986 unreserved characters stay, the rest is encoded). */

const UNRESERVED = /^[A-Za-z0-9\-._~]*$/
const UNRESERVED_OR_SLASH = /^[A-Za-z0-9\-._~/]*$/
const SUB_DELIMS = /[!'()*]/g

function hex(c: string): string {
  return `%${c.charCodeAt(0).toString(16).toUpperCase()}`
}

/**
 * Encodes one URI component: every byte except `A-Z a-z 0-9 - . _ ~`.
 * @example
 * escapeUri('a b*') // 'a%20b%2A'
 */
export function escapeUri(value: string): string {
  return UNRESERVED.test(value) ? value : encodeURIComponent(value).replace(SUB_DELIMS, hex)
}

/**
 * Encodes an object key for a path, keeping `/` (S3 canonical URI: each segment encoded once).
 * @example
 * escapeKey('photos/2024/a b.jpg') // 'photos/2024/a%20b.jpg'
 */
export function escapeKey(key: string): string {
  if (UNRESERVED_OR_SLASH.test(key)) return key
  return encodeURIComponent(key).replace(SUB_DELIMS, hex).replace(/%2F/g, '/')
}

/**
 * Serializes a query in SigV4 canonical order (sorted by encoded name), without the `?`.
 * @example
 * buildQueryString({ versionId: 'v 1', location: '' }) // 'location=&versionId=v%201'
 */
export function buildQueryString(query: Readonly<Record<string, string | string[]>>): string {
  const pairs: string[] = []
  for (const name in query) {
    const value = query[name]!
    for (const one of typeof value === 'string' ? [value] : value)
      pairs.push(`${escapeUri(name)}=${escapeUri(one)}`)
  }
  return pairs.sort().join('&')
}
