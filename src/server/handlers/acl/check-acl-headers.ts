import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { checkCannedAcl } from './canned-acl.js'

/** The writes S3 lets set a canned ACL with `x-amz-acl` (POST Object reads its form's `acl`). */
const CANNED_ACL_WRITES: ReadonlySet<S3Operation> = new Set([
  'CreateBucket',
  'PutObject',
  'CopyObject',
  'CreateMultipartUpload',
])

/**
 * Puts the canned-ACL check in front of the handlers of the writes that take `x-amz-acl`, so a
 * public ACL is refused (AccessControlListNotSupported) before anything is written, on every
 * such operation alike, rather than stored without the grant the caller asked for.
 *
 * @example export const HANDLERS = withCannedAclCheck({ ...BUCKET_HANDLERS, ...OBJECT_HANDLERS })
 */
export function withCannedAclCheck(
  handlers: Partial<Record<S3Operation, Handler>>,
): Partial<Record<S3Operation, Handler>> {
  const checked = { ...handlers }
  for (const operation of CANNED_ACL_WRITES) {
    const handler = handlers[operation]
    if (!handler) continue
    checked[operation] = (args) => {
      const value = args.req.headers['x-amz-acl']
      checkCannedAcl(Array.isArray(value) ? value.join(',') : value)
      return handler(args)
    }
  }
  return checked
}
