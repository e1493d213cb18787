import { canonicalQueryString } from '../../shared/sigv4/canonical-query.js'
import { isSigV4Error } from '../../shared/sigv4/errors.js'
import { S3ServerError } from '../errors.js'
import type { S3Route } from '../router/route-request.js'
import type { AuthContext, Authentication, AuthRequest } from './auth-context.js'
import { checkAmzHeadersSigned } from './check-amz-headers-signed.js'
import { checkScope, requireSecret } from './check-scope.js'
import { checkSignature } from './check-signature.js'
import { parseAuthorization } from './parse-authorization.js'
import { parsePayloadMode } from './payload-mode.js'
import { readRequestTime } from './request-time.js'

/**
 * Verifies an `Authorization: AWS4-HMAC-SHA256 …` request: credential known, time within
 * ±15 minutes, scope matching, every `x-amz-*` header signed, signature equal to the one
 * recomputed from the request.
 *
 * @example verifyHeaderSignature(ctx, req, route, req.headers.authorization)
 */
export function verifyHeaderSignature(
  ctx: AuthContext,
  req: AuthRequest,
  route: Pick<S3Route, 'path' | 'query'>,
  authorization: string,
): Authentication {
  const auth = parseOrThrow(authorization)
  const { credential } = auth
  const secret = requireSecret(ctx.credentials.secretOf(credential.accessKey), credential.accessKey)
  const time = readRequestTime(req.headers, ctx.now())
  checkScope(credential, time.amzDate, ctx.region, 'AuthorizationHeaderMalformed')
  // Silo issues no temporary credentials, so no session token can be valid (as for presigned URLs).
  if (req.headers['x-amz-security-token'] !== undefined) {
    throw new S3ServerError(
      'InvalidToken',
      `x-amz-security-token is given, but ${credential.accessKey} has no session.`,
    )
  }
  if (!auth.signedHeaders.includes('host')) {
    throw new S3ServerError('AuthorizationHeaderMalformed', "SignedHeaders must include 'host'.")
  }
  checkAmzHeadersSigned(req.headers, auth.signedHeaders, 'header')
  const contentSha = req.headers['x-amz-content-sha256']
  if (typeof contentSha !== 'string') {
    throw new S3ServerError(
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256.',
    )
  }
  const payload = parsePayloadMode(contentSha)
  const key = checkSignature(ctx, req, route.path, {
    credential,
    secret,
    amzDate: time.amzDate,
    signedHeaders: auth.signedHeaders,
    query: canonicalQueryString(route.query),
    payloadHash: contentSha,
    signature: auth.signature,
  })
  const identity = ctx.credentials.identityOf(credential.accessKey)
  if (payload.kind !== 'chunked' || !payload.signed) return { identity, payload }
  const chunkSigning = {
    key,
    amzDate: time.amzDate,
    scope: credential.scope,
    seedSignature: auth.signature,
    trailer: payload.trailer,
  }
  return { identity, payload, chunkSigning }
}

function parseOrThrow(authorization: string) {
  try {
    return parseAuthorization(authorization)
  } catch (e) {
    if (isSigV4Error(e)) throw new S3ServerError(e.code, e.message)
    throw e
  }
}
