import { type SigV4Crypto, toHex } from './crypto.js'

/**
 * The hex signature of `stringToSign` under a derived signing key.
 * @example computeSignature(crypto, deriveSigningKey(crypto, secret, date, region), stringToSign)
 */
export function computeSignature(crypto: SigV4Crypto, signingKey: Uint8Array, stringToSign: string): string {
  if (crypto.hmacSha256Hex) return crypto.hmacSha256Hex(signingKey, stringToSign)
  return toHex(crypto.hmacSha256(signingKey, stringToSign))
}

/**
 * Compares two hex signatures in time independent of where they first differ.
 * @example signaturesEqual('ab12', 'ab12') // true
 */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
