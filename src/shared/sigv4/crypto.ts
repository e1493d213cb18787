/**
 * The hashing SigV4 needs, injected so the signing code imports no runtime built-in:
 * the server passes a `node:crypto` implementation, the SDK a WebCrypto or pure-JS one.
 *
 * @example
 * ```ts
 * import { createHash, createHmac } from 'node:crypto'
 * const crypto: SigV4Crypto = {
 *   sha256Hex: (data) => createHash('sha256').update(data).digest('hex'),
 *   hmacSha256: (key, data) => createHmac('sha256', key).update(data).digest(),
 * }
 * ```
 */
export interface SigV4Crypto {
  /** Lower-case hex SHA-256 of `data` (strings are hashed as UTF-8). */
  sha256Hex(data: string | Uint8Array): string
  /** Raw HMAC-SHA256 of `data` (UTF-8 when a string) under `key`. */
  hmacSha256(key: string | Uint8Array, data: string | Uint8Array): Uint8Array
  /** Optional: lower-case hex HMAC-SHA256, when the runtime can hex-encode faster than {@link toHex}. */
  hmacSha256Hex?(key: string | Uint8Array, data: string | Uint8Array): string
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** Lower-case hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]!]
  return out
}
