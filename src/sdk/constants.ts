/** Protocol constants of S3 that the SDK relies on. */

/**
 * The region used when none is configured or discoverable (S3's original region).
 * @example
 * new Client({ endPoint: 'localhost', region: DEFAULT_REGION })
 */
export const DEFAULT_REGION = 'us-east-1'

const MiB = 1024 * 1024

/** Smallest multipart part S3 accepts (except the last). */
export const MIN_PART_SIZE = 5 * MiB
/** Largest multipart part, and the largest single PUT. */
export const MAX_PART_SIZE = 5 * 1024 * MiB
/** Part size used when the client option `partSize` is absent. */
export const DEFAULT_PART_SIZE = 64 * MiB
/** SHA-256 of the empty string: the payload hash of a request without a body. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
/** Payload hash sent when the body is not hashed (streams, HTTPS). */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD'
