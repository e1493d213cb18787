/**
 * The hashing steps of SigV4 presigning, on the platform's SHA-256 (node:crypto in Node,
 * `@aws-crypto/sha256-js` in browsers), so presigning adds no crypto library to a bundle.
 *
 * HMAC is computed from the plain hash with pre-padded keys (RFC 2104) because setting up a keyed
 * node:crypto HMAC costs more than the two hashes it saves: a presigned URL signs one short string
 * under a key that changes once a day, and this halves the time per URL.
 */
import { SCOPE_TERMINATOR } from '../../../shared/sigv4/constants.js'
import { toHex } from '../../../shared/sigv4/crypto.js'
import type { Sha256Constructor } from '../../platform/types.js'

type Data = string | Uint8Array

const BLOCK = 64

/** An HMAC-SHA256 key with its inner and outer pads computed once. */
export interface HmacKey {
  readonly inner: Uint8Array
  readonly outer: Uint8Array
}

/**
 * Hex SHA-256 of `data` (UTF-8 when a string).
 * @example
 * await sha256Hex(Sha256, 'GET\n/\n...') // 'e3b0…'
 */
export async function sha256Hex(Sha256: Sha256Constructor, data: Data): Promise<string> {
  const hash = new Sha256()
  hash.update(data)
  return toHex(await hash.digest())
}

/**
 * Pads `key` for HMAC-SHA256 (a key longer than a block is hashed first).
 * @example
 * const key = await createHmacKey(Sha256, signingKey)
 */
export async function createHmacKey(Sha256: Sha256Constructor, key: Data): Promise<HmacKey> {
  let bytes = typeof key === 'string' ? new TextEncoder().encode(key) : key
  if (bytes.length > BLOCK) {
    const hash = new Sha256()
    hash.update(bytes)
    bytes = await hash.digest()
  }
  const inner = new Uint8Array(BLOCK).fill(0x36)
  const outer = new Uint8Array(BLOCK).fill(0x5c)
  for (let i = 0; i < bytes.length; i++) {
    inner[i]! ^= bytes[i]!
    outer[i]! ^= bytes[i]!
  }
  return { inner, outer }
}

/**
 * Raw HMAC-SHA256 of `data` under a padded key.
 * @example
 * const mac = await hmacSha256(Sha256, await createHmacKey(Sha256, key), stringToSign)
 */
export async function hmacSha256(Sha256: Sha256Constructor, key: HmacKey, data: Data): Promise<Uint8Array> {
  const inner = new Sha256()
  inner.update(key.inner)
  inner.update(data)
  const outer = new Sha256()
  outer.update(key.outer)
  outer.update(await inner.digest())
  return outer.digest()
}

/**
 * The SigV4 signing key (HMAC chain over date, region, service, `aws4_request`): the chain of
 * `deriveSigningKey` in src/shared/sigv4, on an asynchronous hash; returned padded for signing.
 * @example
 * const key = await deriveSigningKeyAsync(Sha256, 'SECRET', '20130524', 'us-east-1')
 */
export async function deriveSigningKeyAsync(
  Sha256: Sha256Constructor,
  secretKey: string,
  date: string,
  region: string,
  service = 's3',
): Promise<HmacKey> {
  let key = await createHmacKey(Sha256, `AWS4${secretKey}`)
  for (const part of [date, region, service, SCOPE_TERMINATOR]) {
    key = await createHmacKey(Sha256, await hmacSha256(Sha256, key, part))
  }
  return key
}
