/**
 * The hashing SigV4 signing needs, in pure JavaScript (`@aws-crypto/sha256-js`, synchronous): what
 * browsers sign with, since WebCrypto is asynchronous and needs a secure context.
 */
import { Sha256 } from '@aws-crypto/sha256-js'
import { type SigV4Crypto, toHex } from '../../shared/sigv4/crypto.js'

function hash(key: string | Uint8Array | undefined, data: string | Uint8Array): Uint8Array {
  const sha = new Sha256(key)
  sha.update(data)
  return sha.digestSync()
}

/**
 * SHA-256 and HMAC-SHA256 for SigV4 without runtime built-ins.
 * @example
 * const sign = createSigner(credentials, jsSigV4Crypto)
 */
export const jsSigV4Crypto: SigV4Crypto = {
  sha256Hex: (data) => toHex(hash(undefined, data)),
  hmacSha256: (key, data) => hash(key, data),
}
