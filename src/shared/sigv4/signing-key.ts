import { SCOPE_TERMINATOR } from './constants.js'
import type { SigV4Crypto } from './crypto.js'

/**
 * The signing key: HMAC chain of "AWS4"+secret over date, region, service and "aws4_request".
 * It changes once a day per credential and region, so callers cache it.
 *
 * @example deriveSigningKey(crypto, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '20130524', 'us-east-1')
 */
export function deriveSigningKey(
  crypto: SigV4Crypto,
  secretKey: string,
  date: string,
  region: string,
  service = 's3',
): Uint8Array {
  const kDate = crypto.hmacSha256(`AWS4${secretKey}`, date)
  const kRegion = crypto.hmacSha256(kDate, region)
  const kService = crypto.hmacSha256(kRegion, service)
  return crypto.hmacSha256(kService, SCOPE_TERMINATOR)
}
