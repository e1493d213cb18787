import { isPresignedQuery } from '../../shared/sigv4/presigned-query.js'
import { S3ServerError } from '../errors.js'
import type { S3Route } from '../router/route-request.js'
import type { AuthContext, Authentication, AuthRequest } from './auth-context.js'
import { verifyHeaderSignature } from './verify-header-signature.js'
import { verifyPresigned } from './verify-presigned.js'

/**
 * Authenticates a routed request by the method it uses: SigV4 Authorization header or
 * presigned query. Anonymous requests are denied until bucket policies exist.
 *
 * @example const { identity, payload } = authenticate(ctx, req, route)
 */
export function authenticate(ctx: AuthContext, req: AuthRequest, route: S3Route): Authentication {
  const authorization = req.headers.authorization
  if (typeof authorization === 'string' && authorization !== '') {
    return verifyHeaderSignature(ctx, req, route, authorization)
  }
  if (isPresignedQuery(route.query)) return verifyPresigned(ctx, req, route)
  throw new S3ServerError(
    'AccessDenied',
    'Anonymous access is denied: sign the request with AWS Signature Version 4.',
  )
}
