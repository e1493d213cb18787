/**
 * Encryption of secret-carrying admin bodies (user add, credential, config get/set), shared by
 * the server and `AdminClient`. Pure WebCrypto, so it runs in Node and browsers alike.
 */
export { AdminCryptoError, type AdminCryptoErrorReason, isAdminCryptoError } from './admin-crypto-error.js'
export { decryptAdminBody } from './decrypt.js'
export { encryptAdminBody } from './encrypt.js'
export { ENVELOPE_OVERHEAD, ENVELOPE_VERSION, PBKDF2_ITERATIONS } from './format.js'
