import { isPresignedQuery } from '../../shared/sigv4/presigned-query.js'
import { S3ServerError } from '../errors.js'
import type { S3Route } from '../router/route-request.js'
import type { AuthContext, Authentication, AuthRequest } from './auth-context.js'
import { ANONYMOUS } from './credentials.js'
import { verifyHeaderSignature } from './verify-header-signature.js'
import { verifyPresigned } from './verify-presigned.js'

/**
 * Authenticates a routed request by the method it uses: SigV4 Authorization header, presigned
 * query, or none at all, which makes the request anonymous (`authorize` then asks the bucket
 * policy). A disabled user's correctly signed request is refused with XSiloUserDisabled.
 *
 * @example const { identity, payload } = authenticate(ctx, req, route)
 */
export function authenticate(ctx: AuthContext, req: AuthRequest, route: S3Route): Authentication {
  const authorization = req.headers.authorization
  let auth: Authentication
  if (typeof authorization === 'string' && authorization !== '') {
    auth = verifyHeaderSignature(ctx, req, route, authorization)
  } else if (isPresignedQuery(route.query)) {
    auth = verifyPresigned(ctx, req, route)
  } else {
    return { identity: ANONYMOUS, payload: { kind: 'unsigned' } }
  }
  if (auth.identity.disabled) {
    throw new S3ServerError(
      'XSiloUserDisabled',
      `The user '${auth.identity.accessKey}' is disabled; an administrator can enable it with 'silo admin user enable'.`,
    )
  }
  return auth
}
