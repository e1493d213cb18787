import { uriDecode, uriEncode } from './uri-encode.js'

/** Decoded query parameters in request order; a key without '=' has the value ''. */
export type QueryPairs = ReadonlyArray<readonly [string, string]>

/**
 * Splits a raw query string (without '?') into decoded pairs. '+' decodes to a space, as in
 * HTML forms and Go's url.ParseQuery. Throws URIError on a malformed escape.
 *
 * @example parseQueryString('list-type=2&prefix=a%2Fb&location') // [['list-type','2'],['prefix','a/b'],['location','']]
 */
export function parseQueryString(raw: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  if (raw === '') return pairs
  for (const part of raw.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    if (eq === -1) pairs.push([uriDecode(part, true), ''])
    else pairs.push([uriDecode(part.slice(0, eq), true), uriDecode(part.slice(eq + 1), true)])
  }
  return pairs
}

/**
 * The canonical query string: each name and value URI-encoded, sorted by name then value,
 * joined as `name=value` with '&'. `omit` names a parameter left out (the presigned
 * `X-Amz-Signature`).
 *
 * @example canonicalQueryString([['prefix', 'J'], ['max-keys', '2']]) // 'max-keys=2&prefix=J'
 */
export function canonicalQueryString(pairs: QueryPairs, omit?: string): string {
  if (pairs.length === 0) return ''
  const encoded: string[] = []
  for (const [name, value] of pairs) {
    if (name === omit) continue
    encoded.push(`${uriEncode(name)}=${uriEncode(value)}`)
  }
  if (encoded.length > 1) encoded.sort(compareEncodedPairs)
  return encoded.join('&')
}

// Sort by name, then by value: comparing "name=value" strings directly would misorder names
// where one is a prefix of another ("a=" vs "a-b="), so split at the first '='.
function compareEncodedPairs(a: string, b: string): number {
  const ea = a.indexOf('=')
  const eb = b.indexOf('=')
  const na = a.slice(0, ea)
  const nb = b.slice(0, eb)
  if (na !== nb) return na < nb ? -1 : 1
  const va = a.slice(ea + 1)
  const vb = b.slice(eb + 1)
  return va < vb ? -1 : va > vb ? 1 : 0
}
