import * as crypto from 'node:crypto'
import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'

// `crypto.hash` (Node ≥ 20.12) hashes in one call without a Hash object: cheaper per request.
const oneShot = typeof crypto.hash === 'function' ? crypto.hash : undefined

/**
 * SigV4 hashing on `node:crypto`, for the server (and Node tests).
 *
 * @example computeSignature(nodeCrypto, key, stringToSign)
 */
export const nodeCrypto: SigV4Crypto = {
  sha256Hex: oneShot
    ? (data) => oneShot('sha256', data, 'hex')
    : (data) => crypto.createHash('sha256').update(data).digest('hex'),
  hmacSha256: (key, data) => crypto.createHmac('sha256', key).update(data).digest(),
  hmacSha256Hex: (key, data) => crypto.createHmac('sha256', key).update(data).digest('hex'),
}
