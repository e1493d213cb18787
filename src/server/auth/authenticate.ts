import type { S3Operation } from '../../shared/policy/operations.js'
import { isPresignedQuery } from '../../shared/sigv4/presigned-query.js'
import { S3ServerError } from '../errors.js'
import type { S3Route } from '../router/route-request.js'
import type { AuthContext, Authentication, AuthRequest } from './auth-context.js'
import { ANONYMOUS } from './credentials.js'
import { unsignedPayloadMode } from './payload-mode.js'
import { isPresignedV2Query, isSigV2Authorization } from './sigv2/detect-sigv2.js'
import { verifyHeaderV2 } from './sigv2/verify-header-v2.js'
import { verifyPresignedV2 } from './sigv2/verify-presigned-v2.js'
import { verifyHeaderSignature } from './verify-header-signature.js'
import { verifyPresigned } from './verify-presigned.js'

// Asked before a client knows which region to sign for, so signed for any (minio-js and our SDK
// sign them for us-east-1): accepted whatever the configured region, as MinIO does.
const ANY_REGION: ReadonlySet<S3Operation> = new Set(['GetBucketLocation', 'ListBuckets'])

/**
 * Authenticates a routed request by the method it uses: SigV4 Authorization header, SigV4
 * presigned query, their Signature Version 2 forms (`AWS AKID:sig`; `AWSAccessKeyId`,
 * `Signature`, `Expires`), or none at all, which makes the request anonymous (`authorize` then asks the bucket
 * policy). A disabled user's correctly signed request is refused with XSiloUserDisabled.
 *
 * @example const { identity, payload } = authenticate(ctx, req, route)
 */
export function authenticate(context: AuthContext, req: AuthRequest, route: S3Route): Authentication {
  const ctx = ANY_REGION.has(route.operation) ? { ...context, region: '' } : context
  const authorization = req.headers.authorization
  let auth: Authentication
  if (typeof authorization === 'string' && authorization !== '') {
    auth = isSigV2Authorization(authorization)
      ? verifyHeaderV2(ctx, req, route, authorization)
      : verifyHeaderSignature(ctx, req, route, authorization)
  } else if (isPresignedQuery(route.query)) {
    auth = verifyPresigned(ctx, req, route)
  } else if (isPresignedV2Query(route.query)) {
    auth = verifyPresignedV2(ctx, req, route)
  } else {
    return { identity: ANONYMOUS, payload: unsignedPayloadMode(req.headers['x-amz-content-sha256']) }
  }
  if (auth.identity.disabled) {
    throw new S3ServerError(
      'XSiloUserDisabled',
      `The user '${auth.identity.accessKey}' is disabled; an administrator can enable it with 'silo admin user enable'.`,
    )
  }
  return auth
}
