import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { AuthContext } from '../auth/auth-context.js'
import { verifyHeaderSignature } from '../auth/verify-header-signature.js'
import { watchBodyProgress } from '../body/body-timeout.js'
import { readBody } from '../body/read-body.js'
import { S3ServerError } from '../errors.js'

/** Largest admin request body (an encrypted 256 KiB configuration plus its envelope). */
export const MAX_ADMIN_BODY = 256 * 1024 + 1024

const HEX64 = /^[0-9a-f]{64}$/

/**
 * Authenticates an admin request and reads its body: only SigV4 in the Authorization header,
 * with the body's real SHA-256 signed (no UNSIGNED-PAYLOAD, no presigned URLs, no anonymous
 * access), and only by the root credential. Any other caller gets AccessDenied.
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
  const contentSha = req.headers['x-amz-content-sha256']
  if (typeof contentSha !== 'string' || !HEX64.test(contentSha)) {
    throw new S3ServerError(
      'AccessDenied',
      "Admin requests must sign the body's SHA-256 in x-amz-content-sha256 (not UNSIGNED-PAYLOAD).",
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
  const body = await readBody(watchBodyProgress(req), MAX_ADMIN_BODY)
  if (createHash('sha256').update(body).digest('hex') !== contentSha) {
    throw new S3ServerError('XAmzContentSHA256Mismatch')
  }
  return body
}
