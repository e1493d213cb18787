import { deriveInternalKey } from '../storage/remote/internal-auth.js'

/** The key the servers of a deployment sign their peer calls with, derived from the root secret key. */
export function peerKeyOf(secretKey: string): Buffer {
  return deriveInternalKey(secretKey, 'silo peer v1')
}
