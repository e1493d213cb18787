import { AdminCryptoError } from './admin-crypto-error.js'
import { deriveBodyKey, subtle } from './derive-key.js'
import { ENVELOPE_OVERHEAD, ENVELOPE_VERSION, IV_BYTES, SALT_BYTES } from './format.js'

/**
 * Decrypts a body made by `encryptAdminBody` with the same admin secret key.
 *
 * @throws AdminCryptoError: `format` (not an envelope), `version` (unknown version byte) or
 * `key` (authentication failed: wrong secret key, or the bytes were altered)
 * @example const json = new TextDecoder().decode(await decryptAdminBody(secretKey, body))
 */
export async function decryptAdminBody(secretKey: string, envelope: Uint8Array): Promise<Uint8Array> {
  if (envelope.byteLength < ENVELOPE_OVERHEAD) {
    throw new AdminCryptoError(
      'format',
      `the encrypted body is ${envelope.byteLength} bytes; an envelope has at least ${ENVELOPE_OVERHEAD}`,
    )
  }
  if (envelope[0] !== ENVELOPE_VERSION) {
    throw new AdminCryptoError(
      'version',
      `the encrypted body has envelope version ${envelope[0]}; this version reads only ${ENVELOPE_VERSION}`,
    )
  }
  const salt = envelope.slice(1, 1 + SALT_BYTES)
  const iv = envelope.slice(1 + SALT_BYTES, 1 + SALT_BYTES + IV_BYTES)
  const sealed = envelope.slice(1 + SALT_BYTES + IV_BYTES)
  const key = await deriveBodyKey(secretKey, salt)
  try {
    const header = envelope.slice(0, 1)
    return new Uint8Array(
      await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: header }, key, sealed),
    )
  } catch {
    throw new AdminCryptoError(
      'key',
      'the encrypted body could not be decrypted: the secret key is wrong or the body was altered',
    )
  }
}
