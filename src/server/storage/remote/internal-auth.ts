import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Authentication between the servers of a deployment (distributed mode): each request carries
 * `<unix ms>.<hex HMAC-SHA256>` of what it addresses, keyed by a key derived from the root
 * secret key every server is started with. The body is not covered: the internal network runs on
 * TLS or is private (docs/distributed.md, Internal storage API). Pure functions: the caller passes
 * the clock, so the storage RPC (and later the lock RPC) sign and verify with the same pieces.
 */

/** The header that carries the signature. */
export const INTERNAL_AUTH_HEADER = 'x-silo-internal-auth'

/** How far a request's timestamp may be from the verifier's clock, either way (as SigV4's 15 minutes). */
export const INTERNAL_AUTH_MAX_SKEW_MS = 15 * 60 * 1000

const SIGNATURE = /^(\d{1,16})\.([0-9a-f]{64})$/

/**
 * The signing key of one internal service, derived from the root secret key so the secret key
 * itself never keys a MAC sent on the wire.
 *
 * @example const key = deriveInternalKey(rootSecret, 'silo internal storage v1')
 */
export function deriveInternalKey(secretKey: string, purpose: string): Buffer {
  return createHmac('sha256', secretKey).update(purpose).digest()
}

/**
 * The header value signing `fields` (say method, path and the addressing headers) at `now`:
 * the text signed is the fields and the timestamp, newline-separated.
 *
 * @example headers[INTERNAL_AUTH_HEADER] = signInternalRequest(key, ['POST', path, drive, args], Date.now())
 */
export function signInternalRequest(key: Buffer, fields: readonly string[], now: number): string {
  return `${now}.${macOf(key, fields, String(now))}`
}

/**
 * Why a request's signature header is refused (absent, malformed, stale or not matching
 * `fields`), or undefined when it is good.
 *
 * @example const refused = verifyInternalRequest(key, req.headers[INTERNAL_AUTH_HEADER], fields, Date.now())
 */
export function verifyInternalRequest(
  key: Buffer,
  header: string | string[] | undefined,
  fields: readonly string[],
  now: number,
): string | undefined {
  if (header === undefined) return `the request has no ${INTERNAL_AUTH_HEADER} header`
  const match = typeof header === 'string' ? SIGNATURE.exec(header) : null
  if (!match) return `the ${INTERNAL_AUTH_HEADER} header is not <unix ms>.<hex HMAC-SHA256>`
  const [, stamp, mac] = match
  if (Math.abs(now - Number(stamp)) > INTERNAL_AUTH_MAX_SKEW_MS) {
    return `the request was signed at ${stamp}, more than 15 minutes from this server's clock (${now})`
  }
  const expected = Buffer.from(macOf(key, fields, stamp!), 'hex')
  if (!timingSafeEqual(Buffer.from(mac!, 'hex'), expected)) return 'the signature does not match'
  return undefined
}

function macOf(key: Buffer, fields: readonly string[], stamp: string): string {
  return createHmac('sha256', key)
    .update([...fields, stamp].join('\n'))
    .digest('hex')
}
