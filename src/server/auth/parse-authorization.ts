import {
  type ParsedAuthorization,
  parseAuthorizationHeader,
} from '../../shared/sigv4/authorization-header.js'

const MAX_ENTRIES = 256
const SIGNATURE = 'Signature='
const HEX64 = /^[0-9a-f]{64}$/

// Everything before `Signature=` (algorithm, credential, signed headers) is the same on every
// request a client sends that day; only the signature changes. Parsing it once per client
// saves the splits, trims and regexes of a full parse on every request.
const cache = new Map<string, Omit<ParsedAuthorization, 'signature'>>()
// The most recent prefix, compared in place: most requests come from one credential, and a
// startsWith over it costs less than slicing and hashing a fresh key for the Map.
let lastPrefix = ''
let lastParsed: Omit<ParsedAuthorization, 'signature'> | undefined

/**
 * {@link parseAuthorizationHeader}, with the part before the signature cached. Same results
 * and the same errors; a header that does not end in `Signature=<64 hex>` is parsed in full.
 *
 * @example parseAuthorization(req.headers.authorization).credential.accessKey
 */
export function parseAuthorization(header: string): ParsedAuthorization {
  const at = header.length - 64 - SIGNATURE.length
  const cacheable = at > 0 && header.startsWith(SIGNATURE, at)
  if (cacheable) {
    const hit =
      at === lastPrefix.length && header.startsWith(lastPrefix) ? lastParsed : cache.get(header.slice(0, at))
    const signature = header.slice(at + SIGNATURE.length)
    if (hit !== undefined && HEX64.test(signature)) {
      if (hit !== lastParsed) remember(header.slice(0, at), hit)
      return { credential: hit.credential, signedHeaders: hit.signedHeaders, signature }
    }
  }
  const parsed = parseAuthorizationHeader(header)
  // Cached only when the full parse took its signature from exactly that tail, so a hit parses
  // the same as a miss would.
  if (cacheable && parsed.signature === header.slice(at + SIGNATURE.length)) {
    if (cache.size >= MAX_ENTRIES) cache.clear()
    const entry = { credential: parsed.credential, signedHeaders: parsed.signedHeaders }
    cache.set(header.slice(0, at), entry)
    remember(header.slice(0, at), entry)
  }
  return parsed
}

function remember(prefix: string, parsed: Omit<ParsedAuthorization, 'signature'>): void {
  lastPrefix = prefix
  lastParsed = parsed
}
