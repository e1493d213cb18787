import { EMPTY_SHA256 } from './constants.js'

/** Algorithm line of a chunk's string to sign in an `aws-chunked` signed body. */
export const CHUNK_ALGORITHM = 'AWS4-HMAC-SHA256-PAYLOAD'

/** Algorithm line of the trailer's string to sign in a signed `aws-chunked` body. */
export const TRAILER_ALGORITHM = 'AWS4-HMAC-SHA256-TRAILER'

/**
 * The string to sign for one chunk of a `STREAMING-AWS4-HMAC-SHA256-PAYLOAD` body: each chunk's
 * signature chains on the previous one, starting from the request (seed) signature
 * (S3 SigV4 reference, "Signature calculation: transfer payload in multiple chunks").
 *
 * @example createChunkStringToSign(amzDate, scope, seedSignature, sha256Hex(chunk))
 */
export function createChunkStringToSign(
  amzDate: string,
  scope: string,
  previousSignature: string,
  chunkSha256Hex: string,
): string {
  return `${CHUNK_ALGORITHM}\n${amzDate}\n${scope}\n${previousSignature}\n${EMPTY_SHA256}\n${chunkSha256Hex}`
}

/**
 * The string to sign for the trailer of a `STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER` body;
 * `trailerSha256Hex` hashes the trailer lines, each `name:value\n`.
 *
 * @example createTrailerStringToSign(amzDate, scope, lastChunkSignature, sha256Hex('x-amz-checksum-crc32:AAAAAA==\n'))
 */
export function createTrailerStringToSign(
  amzDate: string,
  scope: string,
  previousSignature: string,
  trailerSha256Hex: string,
): string {
  return `${TRAILER_ALGORITHM}\n${amzDate}\n${scope}\n${previousSignature}\n${trailerSha256Hex}`
}
