import { canonicalQueryString } from '../../shared/sigv4/canonical-query.js'
import { UNSIGNED_PAYLOAD } from '../../shared/sigv4/constants.js'
import { isSigV4Error } from '../../shared/sigv4/errors.js'
import { MAX_PRESIGNED_EXPIRES, parsePresignedQuery } from '../../shared/sigv4/presigned-query.js'
import { S3ServerError } from '../errors.js'
import type { S3Route } from '../router/route-request.js'
import type { AuthContext, Authentication, AuthRequest } from './auth-context.js'
import { checkAmzHeadersSigned } from './check-amz-headers-signed.js'
import { checkScope, requireSecret } from './check-scope.js'
import { checkSignature } from './check-signature.js'
import { unsignedPayloadMode } from './payload-mode.js'
import { readHoistedHeaders } from './read-hoisted-headers.js'
import { MAX_CLOCK_SKEW_MS } from './request-time.js'

/**
 * Verifies a presigned-URL request (`X-Amz-Signature` in the query): not expired, not signed
 * in the future, every `x-amz-*` header named in `X-Amz-SignedHeaders`, signature equal to the
 * one recomputed. The body is never signed. `x-amz-*` parameters of the signed query are the
 * request's headers too (`hoistedHeaders`, see read-hoisted-headers.ts), as on S3.
 *
 * @example verifyPresigned(ctx, req, route)
 */
export function verifyPresigned(ctx: AuthContext, req: AuthRequest, route: S3Route): Authentication {
  const p = parseOrThrow(route)
  checkExpires(p.expires)
  const { credential } = p
  const secret = requireSecret(ctx.credentials.secretOf(credential.accessKey), credential.accessKey)
  checkScope(credential, p.amzDate, ctx.region, 'AuthorizationQueryParametersError')
  checkSignedHeaders(p.signedHeaders, req.headers)
  checkAmzHeadersSigned(req.headers, p.signedHeaders, 'presigned')
  // No temporary credentials exist yet, so a token can never be valid (MinIO: InvalidToken too).
  if (p.sessionToken !== undefined) {
    throw new S3ServerError(
      'InvalidToken',
      `X-Amz-Security-Token is given, but ${credential.accessKey} has no session.`,
    )
  }
  const now = ctx.now()
  if (p.signedAt - now > MAX_CLOCK_SKEW_MS)
    throw new S3ServerError('AccessDenied', 'Request is not valid yet.')
  if (now > p.signedAt + p.expires * 1000) throw new S3ServerError('AccessDenied', 'Request has expired.')
  checkSignature(ctx, req, route.path, {
    credential,
    secret,
    amzDate: p.amzDate,
    signedHeaders: p.signedHeaders,
    query: canonicalQueryString(route.query, 'X-Amz-Signature'),
    payloadHash: UNSIGNED_PAYLOAD,
    signature: p.signature,
  })
  const identity = ctx.credentials.identityOf(credential.accessKey)
  // Only now: the query is signed, so its x-amz-* parameters are the signer's headers.
  const hoistedHeaders = readHoistedHeaders(route.query, req.headers)
  const payload = unsignedPayloadMode(req.headers['x-amz-content-sha256'])
  return { identity, payload, ...(hoistedHeaders ? { hoistedHeaders } : {}) }
}

function parseOrThrow(route: S3Route) {
  try {
    return parsePresignedQuery(route.query)
  } catch (e) {
    if (isSigV4Error(e)) throw new S3ServerError(e.code, e.message)
    throw e
  }
}

// S3's answer for an X-Amz-Expires out of range: 403 (not the 400 of other malformed parameters),
// with these messages (issue 19).
function checkExpires(expires: number): void {
  if (expires < 0) {
    throw new S3ServerError(
      'AuthorizationQueryParametersError',
      'X-Amz-Expires must be non-negative',
      {},
      403,
    )
  }
  if (expires > MAX_PRESIGNED_EXPIRES) {
    throw new S3ServerError(
      'AuthorizationQueryParametersError',
      `X-Amz-Expires must be less than a week (in seconds) that is ${MAX_PRESIGNED_EXPIRES}`,
      {},
      403,
    )
  }
}

// The signature covers the headers it names; a URL that signs none of the host, or names a header
// the request lacks, could never have been meant for this request.
function checkSignedHeaders(signed: string[], headers: AuthRequest['headers']): void {
  if (!signed.includes('host')) {
    throw new S3ServerError('AuthorizationQueryParametersError', "X-Amz-SignedHeaders must include 'host'.")
  }
  const missing = signed.filter((name) => headers[name] === undefined)
  if (missing.length > 0) {
    throw new S3ServerError('AccessDenied', `The request lacks the signed header(s) ${missing.join(', ')}.`)
  }
}
