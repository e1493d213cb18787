import { S3ServerError } from '../../errors.js'
import type { AuthContext, Authentication, AuthRequest } from '../auth-context.js'
import { requireSecret } from '../check-scope.js'
import { readHoistedHeaders } from '../read-hoisted-headers.js'
import { checkSignatureV2, type V2Route } from './check-signature-v2.js'
import { payloadModeV2 } from './payload-mode-v2.js'
import { refuseUnsignedSubresources } from './refuse-unsigned-subresources.js'
import { refuseVendorHeadersV2 } from './refuse-vendor-headers.js'

const EPOCH_SECONDS = /^\d{1,15}$/

/**
 * Verifies a Signature Version 2 presigned URL (`AWSAccessKeyId`, `Signature`, `Expires` in the
 * query): access key known, `Expires` (epoch seconds) not past, every sub-resource signed,
 * signature equal to the HMAC-SHA1 recomputed with Expires on the Date line. `x-amz-*` query
 * parameters (botocore moves a presigned request's x-amz-* headers there) are signed as headers
 * and become the request's headers, as for SigV4 (read-hoisted-headers.ts).
 *
 * @example verifyPresignedV2(ctx, req, route)
 */
export function verifyPresignedV2(ctx: AuthContext, req: AuthRequest, route: V2Route): Authentication {
  const get = (name: string) => route.query.find(([n]) => n === name)?.[1]
  const accessKey = get('AWSAccessKeyId')
  const signature = get('Signature')
  const expires = get('Expires')
  if (!accessKey || !signature || !expires) {
    throw new S3ServerError(
      'AccessDenied',
      'Query-string authentication requires the Signature, Expires and AWSAccessKeyId parameters.',
    )
  }
  const secret = requireSecret(ctx.credentials.secretOf(accessKey), accessKey)
  checkExpires(expires, ctx.now())
  if (req.headers['x-amz-security-token'] !== undefined || get('x-amz-security-token') !== undefined) {
    throw new S3ServerError('InvalidToken', `x-amz-security-token is given, but ${accessKey} has no session.`)
  }
  refuseUnsignedSubresources(route.query)
  refuseVendorHeadersV2(req.headers)
  const hoisted = readHoistedHeaders(route.query, req.headers)
  const payload = payloadModeV2(hoisted?.['x-amz-content-sha256'] ?? req.headers['x-amz-content-sha256'])
  checkSignatureV2(req, route, {
    accessKey,
    secret,
    signature,
    dates: [{ line: expires }],
    ...(hoisted ? { hoisted } : {}),
  })
  return {
    identity: ctx.credentials.identityOf(accessKey),
    payload,
    ...(hoisted ? { hoistedHeaders: hoisted } : {}),
  }
}

// S3's answers: 403 AccessDenied for an Expires that is not epoch seconds, and for one past.
function checkExpires(expires: string, now: number): void {
  if (!EPOCH_SECONDS.test(expires)) {
    throw new S3ServerError(
      'AccessDenied',
      `Invalid date (should be seconds since epoch): ${expires.slice(0, 32)}`,
    )
  }
  const at = Number(expires) * 1000
  if (now > at) {
    throw new S3ServerError('AccessDenied', 'Request has expired.', {
      Expires: new Date(at).toISOString(),
      ServerTime: new Date(now).toISOString(),
    })
  }
}
