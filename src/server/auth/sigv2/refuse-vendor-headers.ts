import { S3ServerError } from '../../errors.js'
import type { AuthRequest } from '../auth-context.js'
import { mustBeSigned } from '../check-amz-headers-signed.js'

/**
 * Refuses a V2-signed request carrying an `x-silo-*` or `x-minio-*` header: V2's string to sign
 * covers only `x-amz-*` headers, and these change what a request does (`x-minio-force-delete`
 * makes a DELETE remove every version under the key as a prefix), so whoever holds a root's V2
 * presigned DELETE URL, or replays a V2 request within its 15 minutes, could add one. 403
 * AccessDenied naming the header(s): such a request must be signed with SigV4.
 *
 * @example refuseVendorHeadersV2(req.headers) // throws for { 'x-minio-force-delete': 'true' }
 */
export function refuseVendorHeadersV2(headers: AuthRequest['headers']): void {
  const unsigned: string[] = []
  // Node lower-cases header names.
  for (const name in headers) {
    if (headers[name] !== undefined && !name.startsWith('x-amz-') && mustBeSigned(name)) unsigned.push(name)
  }
  if (unsigned.length === 0) return
  throw new S3ServerError(
    'AccessDenied',
    `AWS Signature Version 2 does not sign the header(s) ${unsigned
      .sort()
      .map((n) => `'${n}'`)
      .join(', ')}: sign this request with Signature Version 4.`,
    { HeadersNotSigned: unsigned.join(', ') },
  )
}
