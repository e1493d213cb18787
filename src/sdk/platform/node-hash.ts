/**
 * SHA-256 for Node through node:crypto (native, several times faster than pure JS): the
 * synchronous functions SigV4 signing and presigning use. A keyed HMAC set up per string
 * (createHmac) measured 1.5 µs against 2.3 µs for copying pre-hashed pads (RFC 2104 by hand),
 * so the signing key is not prepared beyond its derivation.
 */
import { createHash, createHmac } from 'node:crypto'
import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'

/**
 * The hashing SigV4 needs, through node:crypto (synchronous).
 * @example
 * const sign = createSigner(credentials, nodeSigV4Crypto)
 */
export const nodeSigV4Crypto: SigV4Crypto = {
  sha256Hex: (data) => createHash('sha256').update(data).digest('hex'),
  hmacSha256: (key, data) => createHmac('sha256', key).update(data).digest(),
  hmacSha256Hex: (key, data) => createHmac('sha256', key).update(data).digest('hex'),
}
