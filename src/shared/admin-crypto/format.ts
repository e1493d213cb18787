/**
 * The admin body envelope, version 1:
 *
 * ```
 * version (1 byte, 0x01) || salt (32 bytes) || iv (12 bytes) || AES-256-GCM ciphertext || tag (16 bytes)
 * ```
 *
 * The key is PBKDF2-HMAC-SHA256(admin secret key as UTF-8, salt, 100 000 iterations, 32 bytes);
 * the version byte is the GCM additional data, so it cannot be swapped. A new salt and IV are
 * drawn for every body. Only WebCrypto is used, so browsers and Node share this code.
 */
export const ENVELOPE_VERSION = 1
export const SALT_BYTES = 32
export const IV_BYTES = 12
export const TAG_BYTES = 16
export const PBKDF2_ITERATIONS = 100_000
/** Bytes the envelope adds to the plaintext. */
export const ENVELOPE_OVERHEAD = 1 + SALT_BYTES + IV_BYTES + TAG_BYTES
