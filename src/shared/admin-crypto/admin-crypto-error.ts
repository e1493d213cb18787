/** Why an admin body could not be decrypted. */
export type AdminCryptoErrorReason = 'format' | 'version' | 'key'

/**
 * An encrypted admin body that cannot be opened: too short or not an envelope (`format`), an
 * envelope version this code does not know (`version`), or a failed authentication tag, which
 * means the secret key is wrong or the bytes were altered (`key`).
 *
 * @example
 * try { await decryptAdminBody(secret, bytes) }
 * catch (e) { if (isAdminCryptoError(e) && e.reason === 'key') console.error('wrong secret key') }
 */
export class AdminCryptoError extends Error {
  override readonly name = 'AdminCryptoError'
  readonly reason: AdminCryptoErrorReason

  constructor(reason: AdminCryptoErrorReason, message: string) {
    super(message)
    this.reason = reason
  }
}

/** Guards `e` as an AdminCryptoError, across module copies. */
export function isAdminCryptoError(e: unknown): e is AdminCryptoError {
  return e instanceof Error && e.name === 'AdminCryptoError' && 'reason' in e
}
