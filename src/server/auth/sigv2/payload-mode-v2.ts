import {
  STREAMING_SIGNED_PAYLOAD,
  STREAMING_SIGNED_PAYLOAD_TRAILER,
} from '../../../shared/sigv4/constants.js'
import { S3ServerError } from '../../errors.js'
import { type PayloadMode, unsignedPayloadMode } from '../payload-mode.js'

const HEX64 = /^[0-9a-f]{64}$/

/**
 * How to read the body of a V2-signed request. V2 signs no payload, so the body is read like a
 * presigned one (Content-MD5, when sent, is still checked by the body path), except that an
 * `x-amz-content-sha256` SHA-256 is verified: V2 signs every x-amz-* header, so it is the
 * signer's. A signed-chunk body (`STREAMING-AWS4-HMAC-SHA256-*`) chains on a SigV4 seed
 * signature V2 has none of: refused.
 *
 * @example payloadModeV2(undefined) // { kind: 'unsigned' }
 */
export function payloadModeV2(contentSha256: string | string[] | undefined): PayloadMode {
  if (typeof contentSha256 === 'string' && HEX64.test(contentSha256)) {
    return { kind: 'sha256', expected: contentSha256 }
  }
  if (contentSha256 === STREAMING_SIGNED_PAYLOAD || contentSha256 === STREAMING_SIGNED_PAYLOAD_TRAILER) {
    throw new S3ServerError(
      'InvalidArgument',
      `x-amz-content-sha256 '${contentSha256}' chains chunk signatures on a Signature Version 4 seed; this request is signed with Signature Version 2.`,
      { ArgumentName: 'x-amz-content-sha256' },
    )
  }
  return unsignedPayloadMode(contentSha256)
}
