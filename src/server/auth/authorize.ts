import { S3ServerError } from '../errors.js'
import type { S3Route } from '../router/route-request.js'
import type { Identity } from './credentials.js'

/** What an operation needs: an IAM action on a resource ARN. */
export interface Permission {
  action: string
  resource: string
}

/**
 * The permission a routed request needs; a function of the route alone, so no handler can
 * forget the check.
 *
 * @example permissionOf(route) // { action: 's3:PutObject', resource: 'arn:aws:s3:::photos/a.jpg' }
 */
export function permissionOf(route: S3Route): Permission {
  const resource =
    route.level === 'service'
      ? 'arn:aws:s3:::*'
      : `arn:aws:s3:::${route.bucket}${route.key ? `/${route.key}` : ''}`
  return { action: route.action, resource }
}

/**
 * Allows or denies `identity` the permission `route` needs. Only the root credential exists
 * for now (it may do everything); IAM user policies slot in here.
 */
export function authorize(identity: Identity, route: S3Route): void {
  if (identity.root) return
  const { action, resource } = permissionOf(route)
  throw new S3ServerError(
    'AccessDenied',
    `Access Denied: ${identity.accessKey} may not ${action} on ${resource}.`,
  )
}
