import { deriveBodyKey, subtle } from './derive-key.js'
import { ENVELOPE_VERSION, IV_BYTES, SALT_BYTES } from './format.js'

/**
 * Encrypts an admin request or response body with a key derived from the admin secret key
 * (see `format.ts` for the envelope). A string is encoded as UTF-8.
 *
 * @example const body = await encryptAdminBody(secretKey, JSON.stringify({ secretKey: 'new-user-secret' }))
 */
export async function encryptAdminBody(
  secretKey: string,
  plaintext: string | Uint8Array,
): Promise<Uint8Array> {
  const data = typeof plaintext === 'string' ? new TextEncoder().encode(plaintext) : new Uint8Array(plaintext)
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const header = Uint8Array.of(ENVELOPE_VERSION)
  const key = await deriveBodyKey(secretKey, salt)
  const sealed = new Uint8Array(
    await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: header }, key, data),
  )
  const out = new Uint8Array(1 + SALT_BYTES + IV_BYTES + sealed.byteLength)
  out.set(header, 0)
  out.set(salt, 1)
  out.set(iv, 1 + SALT_BYTES)
  out.set(sealed, 1 + SALT_BYTES + IV_BYTES)
  return out
}
