import { isActionAllowed } from '../../auth/authorize.js'
import type { HandlerArgs } from '../../context.js'
import { objectLockResponseHeaders } from '../../object-lock/object-lock-state.js'
import type { ObjectInfo } from '../../storage/object-layer.js'

/**
 * The `x-amz-object-lock-*` headers GET and HEAD answer for a version, as S3 shows them: the
 * mode and retain-until date only to a caller allowed `s3:GetObjectRetention` on the object, the
 * legal hold only to one allowed `s3:GetObjectLegalHold`. Nothing is evaluated for a version
 * without a lock (the common case).
 *
 * @example res.writeHead(200, { ...objectHeaders(info), ...(await permittedLockHeaders(args, info)) })
 */
export async function permittedLockHeaders(
  args: Pick<HandlerArgs, 'ctx' | 'req' | 'route' | 'auth'>,
  info: ObjectInfo,
): Promise<Record<string, string>> {
  const headers = objectLockResponseHeaders(info.headers)
  const { bucket, key } = args.route
  if (
    headers['x-amz-object-lock-mode'] !== undefined &&
    !(await isActionAllowed(args, 's3:GetObjectRetention', bucket, key))
  ) {
    delete headers['x-amz-object-lock-mode']
    delete headers['x-amz-object-lock-retain-until-date']
  }
  if (
    headers['x-amz-object-lock-legal-hold'] !== undefined &&
    !(await isActionAllowed(args, 's3:GetObjectLegalHold', bucket, key))
  ) {
    delete headers['x-amz-object-lock-legal-hold']
  }
  return headers
}
