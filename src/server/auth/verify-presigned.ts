import { canonicalQueryString } from '../../shared/sigv4/canonical-query.js'
import { createCanonicalRequest } from '../../shared/sigv4/canonical-request.js'
import { UNSIGNED_PAYLOAD } from '../../shared/sigv4/constants.js'
import { isSigV4Error } from '../../shared/sigv4/errors.js'
import { parsePresignedQuery } from '../../shared/sigv4/presigned-query.js'
import { computeSignature, signaturesEqual } from '../../shared/sigv4/signature.js'
import { createStringToSign } from '../../shared/sigv4/string-to-sign.js'
import { uriEncodePath } from '../../shared/sigv4/uri-encode.js'
import { S3ServerError } from '../errors.js'
import type { S3Route } from '../router/route-request.js'
import type { AuthContext, Authentication, AuthRequest } from './auth-context.js'
import { checkScope, requireSecret } from './check-scope.js'
import { MAX_CLOCK_SKEW_MS } from './request-time.js'

import { signedHeaderBlock } from './signed-header-block.js'
/**
 * Verifies a presigned-URL request (`X-Amz-Signature` in the query): not expired, not signed
 * in the future, signature equal to the one recomputed. The body is never signed.
 *
 * @example verifyPresigned(ctx, req, route)
 */
export function verifyPresigned(ctx: AuthContext, req: AuthRequest, route: S3Route): Authentication {
  const p = parseOrThrow(route)
  const { credential } = p
  const secret = requireSecret(ctx.credentials.secretOf(credential.accessKey), credential.accessKey)
  checkScope(credential, p.amzDate, ctx.region, 'AuthorizationQueryParametersError')
  checkSignedHeaders(p.signedHeaders, req.headers)
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
  const canonicalRequest = createCanonicalRequest({
    method: req.method,
    uri: uriEncodePath(route.path),
    query: canonicalQueryString(route.query, 'X-Amz-Signature'),
    headers: signedHeaderBlock(req, p.signedHeaders),
    signedHeaders: p.signedHeaders.join(';'),
    payloadHash: UNSIGNED_PAYLOAD,
  })
  const stringToSign = createStringToSign(ctx.crypto, p.amzDate, credential.scope, canonicalRequest)
  const key = ctx.keys.get(
    credential.accessKey,
    secret,
    credential.date,
    credential.region,
    credential.service,
  )
  if (!signaturesEqual(computeSignature(ctx.crypto, key, stringToSign), p.signature)) {
    throw new S3ServerError('SignatureDoesNotMatch', undefined, { AWSAccessKeyId: credential.accessKey })
  }
  return { identity: ctx.credentials.identityOf(credential.accessKey), payload: { kind: 'unsigned' } }
}

function parseOrThrow(route: S3Route) {
  try {
    return parsePresignedQuery(route.query)
  } catch (e) {
    if (isSigV4Error(e)) throw new S3ServerError(e.code, e.message)
    throw e
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
