/** A header value as runtimes hand it over: repeated headers may arrive as an array. */
export type HeaderValue = string | number | readonly string[] | undefined

/** Request headers keyed by lower-case name. */
export type HeaderBag = Readonly<Record<string, HeaderValue>>

// Only ASCII SP and HTAB are whitespace here, the only whitespace bytes a header value can hold;
// signer (SDK) and verifier (server) share this rule. JavaScript's Unicode \s would also trim
// NBSP (0xA0 in latin-1, the second byte of 'à' in UTF-8): the SDK signed an edge NBSP away and
// was refused, and a verifier with \s let an NBSP appended in flight keep a signature valid.
const NEEDS_TRIM = /^[ \t]|[ \t]$|[ \t][ \t]|\t/
const EDGE_SPACES = /^[ \t]+|[ \t]+$/g
const INNER_SPACES = /[ \t]+/g

/**
 * A header value in canonical form: leading and trailing spaces and tabs removed, runs of them
 * collapsed to one space; repeated headers joined with ','.
 *
 * @example canonicalHeaderValue('  "a   b   c" ') // '"a b c"'
 */
export function canonicalHeaderValue(value: HeaderValue): string {
  if (value === undefined) return ''
  if (typeof value === 'number') return String(value)
  if (typeof value !== 'string') return value.map(trimValue).join(',')
  return trimValue(value)
}

function trimValue(value: string): string {
  return NEEDS_TRIM.test(value) ? value.replace(EDGE_SPACES, '').replace(INNER_SPACES, ' ') : value
}

/**
 * The canonical headers block: one `name:value\n` line per signed header, in the order given
 * (`signedHeaders` is sorted lower-case names, as in the `SignedHeaders` list).
 *
 * @example canonicalHeaders({ host: 'x', 'x-amz-date': '20130524T000000Z' }, ['host', 'x-amz-date'])
 * // 'host:x\nx-amz-date:20130524T000000Z\n'
 */
export function canonicalHeaders(headers: HeaderBag, signedHeaders: readonly string[]): string {
  let out = ''
  for (const name of signedHeaders) out += `${name}:${canonicalHeaderValue(headers[name])}\n`
  return out
}

/**
 * Lower-cases header names (merging repeats into arrays) so a signer can take headers in any case.
 *
 * @example lowerCaseHeaders({ Host: 'x', 'X-Amz-Date': 'd' }) // { host: 'x', 'x-amz-date': 'd' }
 */
export function lowerCaseHeaders(
  headers: Readonly<Record<string, HeaderValue>>,
): Record<string, HeaderValue> {
  const out: Record<string, HeaderValue> = {}
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase()
    const prev = out[key]
    if (prev === undefined) out[key] = value
    else out[key] = [...toArray(prev), ...toArray(value)]
  }
  return out
}

function toArray(value: HeaderValue): string[] {
  if (value === undefined) return []
  if (typeof value === 'string' || typeof value === 'number') return [String(value)]
  return [...value]
}
