import { SIGV4_ALGORITHM } from './constants.js'
import type { SigV4Crypto } from './crypto.js'

/**
 * The string to sign: algorithm, timestamp, credential scope, hex SHA-256 of the canonical request.
 *
 * @example createStringToSign(crypto, '20130524T000000Z', '20130524/us-east-1/s3/aws4_request', creq)
 */
export function createStringToSign(
  crypto: SigV4Crypto,
  amzDate: string,
  scope: string,
  canonicalRequest: string,
): string {
  return `${SIGV4_ALGORITHM}\n${amzDate}\n${scope}\n${crypto.sha256Hex(canonicalRequest)}`
}
