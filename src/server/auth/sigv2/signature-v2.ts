import { createHmac, timingSafeEqual } from 'node:crypto'

// base64 of a 20-byte HMAC-SHA1: 27 characters and one '='.
const SIGNATURE_SHAPE = /^[A-Za-z0-9+/]{27}=$/

/**
 * Base64 HMAC-SHA1 of the UTF-8 string to sign under the secret key: the signature of
 * Signature Version 2. (SHA-1 is hashed here with `node:crypto` directly: only the server
 * verifies V2, so it needs none of the injected SigV4 hashing the SDK shares.)
 *
 * @example computeSignatureV2('secret', 'GET\n\n\n1175139620\n/b/k')
 */
export function computeSignatureV2(secretKey: string, stringToSign: string): string {
  return createHmac('sha1', secretKey).update(stringToSign, 'utf8').digest('base64')
}

/**
 * Whether `given` is the signature `expected`, compared as bytes in constant time. A '+' the
 * client left unencoded in a query arrives as a space (form decoding): it is read back as '+'.
 *
 * @example signaturesEqualV2(req.signature, computeSignatureV2(secret, stringToSign))
 */
export function signaturesEqualV2(given: string, expected: string): boolean {
  const text = given.replaceAll(' ', '+')
  if (!SIGNATURE_SHAPE.test(text)) return false
  return timingSafeEqual(Buffer.from(text, 'base64'), Buffer.from(expected, 'base64'))
}
