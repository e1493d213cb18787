/** The only SigV4 algorithm S3 speaks. */
export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256'

/** Terminator of every credential scope. */
export const SCOPE_TERMINATOR = 'aws4_request'

/** `x-amz-content-sha256` value for a body the signature does not cover. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD'

/** `aws-chunked` body whose chunks are each signed (signature chain). */
export const STREAMING_SIGNED_PAYLOAD = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD'

/** `aws-chunked` body with signed chunks and a signed trailer. */
export const STREAMING_SIGNED_PAYLOAD_TRAILER = 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER'

/** `aws-chunked` body with unsigned chunks and an (unsigned) checksum trailer. */
export const STREAMING_UNSIGNED_PAYLOAD_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'

/** Hex SHA-256 of the empty string. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
