import { createHash, createHmac } from 'node:crypto'
import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'

/**
 * SigV4 hashing on `node:crypto`, for the server (and Node tests).
 *
 * @example computeSignature(nodeCrypto, key, stringToSign)
 */
export const nodeCrypto: SigV4Crypto = {
  sha256Hex: (data) => createHash('sha256').update(data).digest('hex'),
  hmacSha256: (key, data) => createHmac('sha256', key).update(data).digest(),
}
