/** The payload-hash and length headers a request body gets. */
import { EMPTY_SHA256, UNSIGNED_PAYLOAD } from '../constants.js'
import type { WireBody } from '../platform/types.js'

/**
 * The `x-amz-content-sha256` value: the body's SHA-256 when it is in memory and the connection is
 * plain HTTP (the hash is then the only integrity check, as in minio-js), `UNSIGNED-PAYLOAD` for
 * streams and when `unsigned` (over HTTPS, where TLS already protects the bytes, and for a body a
 * signed Content-MD5 covers): hashing costs CPU.
 * @example
 * payloadHash(undefined, true, sha256Hex) // EMPTY_SHA256
 */
export function payloadHash(
  body: WireBody,
  unsigned: boolean,
  sha256Hex: (data: Uint8Array) => string,
): string {
  if (body === undefined || (body instanceof Uint8Array && body.byteLength === 0)) return EMPTY_SHA256
  if (body instanceof Uint8Array && !unsigned) return sha256Hex(body)
  return UNSIGNED_PAYLOAD
}

/**
 * The Content-Length of a body ('0' for none, so PUT/POST without a body are not sent chunked).
 * @example
 * contentLength(new Uint8Array(3)) // '3'
 */
export function contentLength(body: WireBody): string {
  if (body === undefined) return '0'
  return String(body instanceof Uint8Array ? body.byteLength : body.length)
}

/**
 * Whether a body can be sent again (in memory), e.g. after a region correction.
 * @example
 * isReplayable(new Uint8Array(1)) // true
 */
export function isReplayable(body: WireBody): boolean {
  return body === undefined || body instanceof Uint8Array
}
