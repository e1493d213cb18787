import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { UNSIGNED_PAYLOAD } from '../../shared/sigv4/constants.js'
import type { AuthContext } from '../auth/auth-context.js'
import { isSigV2Authorization } from '../auth/sigv2/detect-sigv2.js'
import { verifyHeaderSignature } from '../auth/verify-header-signature.js'
import { watchBodyProgress } from '../body/body-timeout.js'
import { readBody } from '../body/read-body.js'
import { S3ServerError } from '../errors.js'

/** Largest admin request body (an encrypted 256 KiB configuration plus its envelope). */
export const MAX_ADMIN_BODY = 256 * 1024 + 1024

const HEX64 = /^[0-9a-f]{64}$/

/**
 * Authenticates an admin request and reads its body: only SigV4 in the Authorization header,
 * by the root credential only (no presigned URLs, no anonymous access). A request with a body
 * signs the body's real SHA-256; one without a body may send `UNSIGNED-PAYLOAD`, as the seed's
 * admin info call does (SEED.md, Authentication). Any other caller gets AccessDenied.
 *
 * @example const body = await authenticateAdmin(ctx.auth, req, path, query)
 */
export async function authenticateAdmin(
  auth: AuthContext,
  req: IncomingMessage,
  path: string,
  query: Array<[string, string]>,
  onAuthenticated: () => void = () => {},
): Promise<Buffer> {
  const authorization = req.headers.authorization
  if (typeof authorization !== 'string' || authorization === '') {
    throw new S3ServerError(
      'AccessDenied',
      'The admin API needs a request signed with AWS Signature Version 4 in the Authorization header.',
    )
  }
  // MinIO's admin API is SigV4-only too: V2 signs no payload and no region.
  if (isSigV2Authorization(authorization)) {
    throw new S3ServerError(
      'AccessDenied',
      'The admin API accepts only AWS Signature Version 4; this request is signed with Signature Version 2.',
    )
  }
  const contentSha = req.headers['x-amz-content-sha256']
  const unsigned = contentSha === UNSIGNED_PAYLOAD
  if (unsigned ? hasBody(req) : typeof contentSha !== 'string' || !HEX64.test(contentSha)) {
    throw new S3ServerError(
      'AccessDenied',
      "Admin requests with a body must sign the body's SHA-256 in x-amz-content-sha256; UNSIGNED-PAYLOAD is accepted only without a body.",
    )
  }
  const { identity } = verifyHeaderSignature(
    auth,
    { method: req.method ?? 'GET', headers: req.headers, rawHeaders: req.rawHeaders },
    { path, query },
    authorization,
  )
  if (!identity.root) {
    throw new S3ServerError(
      'AccessDenied',
      `Access Denied: only the root credential may use the admin API, not '${identity.accessKey}'.`,
    )
  }
  onAuthenticated()
  // Unsigned: the headers promised no body, so any byte that still comes is refused.
  const body = await readBody(watchBodyProgress(req), unsigned ? 0 : MAX_ADMIN_BODY)
  if (!unsigned && createHash('sha256').update(body).digest('hex') !== contentSha) {
    throw new S3ServerError('XAmzContentSHA256Mismatch')
  }
  return body
}

/** Whether the request announces a body (HTTP/1.1: a non-zero Content-Length or any Transfer-Encoding). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}
