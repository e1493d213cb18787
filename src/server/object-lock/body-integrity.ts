import type { IncomingHttpHeaders } from 'node:http'
import type { PayloadMode } from '../auth/payload-mode.js'

/**
 * Whether a PutObject body is integrity-checked end to end, which S3 requires of a write with
 * object-lock headers ("Content-MD5 OR x-amz-checksum- HTTP header is required"): a Content-MD5,
 * a flexible checksum (`x-amz-checksum-*`, or one announced for the trailer), or a payload whose
 * SHA-256 the signature covers (a hex `x-amz-content-sha256`, or signed aws-chunked chunks). The
 * last is Silo's addition: the server verifies that hash as strictly as an MD5, and minio-js sends
 * it instead of Content-MD5 over plain HTTP.
 *
 * @example isIntegrityChecked(req.headers, auth.payload)
 */
export function isIntegrityChecked(headers: IncomingHttpHeaders, payload: PayloadMode): boolean {
  if (headers['content-md5'] !== undefined) return true
  if (
    Object.keys(headers).some((name) => name.startsWith('x-amz-checksum-') && name !== 'x-amz-checksum-type')
  )
    return true
  const trailer = headers['x-amz-trailer']
  if (typeof trailer === 'string' && trailer.toLowerCase().startsWith('x-amz-checksum-')) return true
  return payload.kind === 'sha256' || (payload.kind === 'chunked' && payload.signed)
}
