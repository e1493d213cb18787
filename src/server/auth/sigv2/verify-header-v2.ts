import { S3ServerError } from '../../errors.js'
import type { AuthContext, Authentication, AuthRequest } from '../auth-context.js'
import { requireSecret } from '../check-scope.js'
import { checkSignatureV2, type DateLine, type V2Route } from './check-signature-v2.js'
import { SIGV2_ALGORITHM } from './detect-sigv2.js'
import { payloadModeV2 } from './payload-mode-v2.js'
import { refuseUnsignedSubresources } from './refuse-unsigned-subresources.js'
import { refuseVendorHeadersV2 } from './refuse-vendor-headers.js'
import { readRequestTimeV2 } from './request-time-v2.js'

/**
 * Verifies an `Authorization: AWS AKID:signature` request (AWS Signature Version 2): access key
 * known, Date or x-amz-date within ±15 minutes, every sub-resource signed, signature equal to
 * the HMAC-SHA1 recomputed from the request. Every `x-amz-*` header is in the string to sign,
 * so none can be unsigned (the rule check-amz-headers-signed.ts enforces for SigV4 holds by
 * construction). The body is read as payloadModeV2 says.
 *
 * @example verifyHeaderV2(ctx, req, route, 'AWS AKIAIOSFODNN7EXAMPLE:frJIUN8DYpKDtOLCwo//yllqDzg=')
 */
export function verifyHeaderV2(
  ctx: AuthContext,
  req: AuthRequest,
  route: V2Route,
  authorization: string,
): Authentication {
  const { accessKey, signature } = parseAuthorizationV2(authorization)
  const secret = requireSecret(ctx.credentials.secretOf(accessKey), accessKey)
  readRequestTimeV2(req.headers, ctx.now())
  if (req.headers['x-amz-security-token'] !== undefined) {
    throw new S3ServerError('InvalidToken', `x-amz-security-token is given, but ${accessKey} has no session.`)
  }
  refuseUnsignedSubresources(route.query)
  refuseVendorHeadersV2(req.headers)
  const payload = payloadModeV2(req.headers['x-amz-content-sha256'])
  checkSignatureV2(req, route, { accessKey, secret, signature, dates: dateLines(req.headers) })
  return { identity: ctx.credentials.identityOf(accessKey), payload }
}

/**
 * Splits `AWS AKID:signature`. Throws 400 InvalidArgument naming the expected form.
 *
 * @example parseAuthorizationV2('AWS AK:c2ln') // { accessKey: 'AK', signature: 'c2ln' }
 */
export function parseAuthorizationV2(header: string): { accessKey: string; signature: string } {
  const credentials = header.slice(SIGV2_ALGORITHM.length + 1).trim()
  const colon = credentials.lastIndexOf(':')
  if (colon <= 0 || colon === credentials.length - 1 || credentials.includes(' ')) {
    throw new S3ServerError(
      'InvalidArgument',
      "The Authorization header is malformed: Signature Version 2 needs 'AWS AccessKeyId:Signature'.",
      { ArgumentName: 'Authorization' },
    )
  }
  return { accessKey: credentials.slice(0, colon), signature: credentials.slice(colon + 1) }
}

/**
 * The Date line: the Date header. With x-amz-date present, the signer may have left the line
 * empty (AWS's rule; x-amz-date is then among the x-amz-* lines), kept Date there (MinIO reads
 * it so), or put x-amz-date's value there instead (AWS's own DELETE example does): all three
 * are tried, and each signs the signing time.
 */
function dateLines(headers: AuthRequest['headers']): readonly DateLine[] {
  const date = typeof headers.date === 'string' ? headers.date : ''
  const amz = headers['x-amz-date']
  if (typeof amz !== 'string') return [{ line: date }]
  const lines: DateLine[] = [{ line: '' }, { line: amz, withoutAmzDate: true }]
  if (date !== '') lines.push({ line: date })
  return lines
}
