import { PBKDF2_ITERATIONS } from './format.js'

/** WebCrypto: `globalThis.crypto.subtle` in Node ≥ 20 and every current browser. */
export function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle
  if (!api) throw new Error('WebCrypto (globalThis.crypto.subtle) is not available in this runtime')
  return api
}

/**
 * The AES-256-GCM key for one body: PBKDF2-HMAC-SHA256 of the admin secret key and the body's salt.
 * @example const key = await deriveBodyKey('siloadmin', salt)
 */
export async function deriveBodyKey(secretKey: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const api = subtle()
  const password = await api.importKey('raw', new TextEncoder().encode(secretKey), 'PBKDF2', false, [
    'deriveKey',
  ])
  return api.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: PBKDF2_ITERATIONS },
    password,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}
