import {
  STREAMING_SIGNED_PAYLOAD,
  STREAMING_SIGNED_PAYLOAD_TRAILER,
  STREAMING_UNSIGNED_PAYLOAD_TRAILER,
  UNSIGNED_PAYLOAD,
} from '../../shared/sigv4/constants.js'
import { S3ServerError } from '../errors.js'

/** What the signature says about the body, and so how the server must read it. */
export type PayloadMode =
  | { kind: 'unsigned' }
  /** Hex SHA-256 the body must hash to (verified while streaming). */
  | { kind: 'sha256'; expected: string }
  /** `aws-chunked` body; `signed` chunks carry a signature chain; `trailer` ends with headers. */
  | { kind: 'chunked'; signed: boolean; trailer: boolean }

const HEX64 = /^[0-9a-f]{64}$/

/**
 * Classifies an `x-amz-content-sha256` value. Throws InvalidArgument for anything else.
 * @example parsePayloadMode('UNSIGNED-PAYLOAD') // { kind: 'unsigned' }
 */
export function parsePayloadMode(value: string): PayloadMode {
  switch (value) {
    case UNSIGNED_PAYLOAD:
      return { kind: 'unsigned' }
    case STREAMING_UNSIGNED_PAYLOAD_TRAILER:
      return { kind: 'chunked', signed: false, trailer: true }
    case STREAMING_SIGNED_PAYLOAD:
      return { kind: 'chunked', signed: true, trailer: false }
    case STREAMING_SIGNED_PAYLOAD_TRAILER:
      return { kind: 'chunked', signed: true, trailer: true }
  }
  if (HEX64.test(value)) return { kind: 'sha256', expected: value }
  throw new S3ServerError(
    'InvalidArgument',
    `x-amz-content-sha256 must be UNSIGNED-PAYLOAD, a STREAMING-* value or a lower-case hex SHA-256, got '${value.slice(0, 80)}'.`,
    { ArgumentName: 'x-amz-content-sha256' },
  )
}

/**
 * The body of a request no header signature covers (anonymous, presigned): plain, unless `x-amz-content-sha256`
 * says it is an unsigned `aws-chunked` body with a trailer. That header, not Content-Encoding,
 * decides, as on S3 (issue 19); a signed-chunk mode cannot be verified without a signature, so
 * it is refused.
 *
 * @example unsignedPayloadMode(req.headers['x-amz-content-sha256']) // { kind: 'unsigned' }
 */
export function unsignedPayloadMode(contentSha256: string | string[] | undefined): PayloadMode {
  if (contentSha256 === STREAMING_UNSIGNED_PAYLOAD_TRAILER)
    return { kind: 'chunked', signed: false, trailer: true }
  if (contentSha256 === STREAMING_SIGNED_PAYLOAD || contentSha256 === STREAMING_SIGNED_PAYLOAD_TRAILER) {
    throw new S3ServerError(
      'InvalidArgument',
      `x-amz-content-sha256 '${contentSha256}' needs an Authorization header its chunk signatures chain on.`,
      { ArgumentName: 'x-amz-content-sha256' },
    )
  }
  return { kind: 'unsigned' }
}
