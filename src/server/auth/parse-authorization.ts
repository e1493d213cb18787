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
    const hit = cache.get(header.slice(0, at))
    const signature = header.slice(at + SIGNATURE.length)
    if (hit !== undefined && HEX64.test(signature)) return { ...hit, signature }
  }
  const parsed = parseAuthorizationHeader(header)
  // Cached only when the full parse took its signature from exactly that tail, so a hit parses
  // the same as a miss would.
  if (cacheable && parsed.signature === header.slice(at + SIGNATURE.length)) {
    if (cache.size >= MAX_ENTRIES) cache.clear()
    cache.set(header.slice(0, at), { credential: parsed.credential, signedHeaders: parsed.signedHeaders })
  }
  return parsed
}
