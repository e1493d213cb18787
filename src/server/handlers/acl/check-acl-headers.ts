import type { IncomingMessage } from 'node:http'
import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler, HandlerArgs } from '../../context.js'
import { readBucketOwnerId } from './bucket-owner-id.js'
import { checkCannedAcl, checkGrantHeaders } from './canned-acl.js'

/** The writes S3 lets set an ACL with `x-amz-acl` / `x-amz-grant-*` (POST Object reads its form). */
const ACL_WRITES: ReadonlySet<S3Operation> = new Set([
  'CreateBucket',
  'PutObject',
  'CopyObject',
  'CreateMultipartUpload',
])

/**
 * Puts the ACL header check in front of the handlers of the writes that take `x-amz-acl` and
 * `x-amz-grant-*`, so an ACL granting anyone but the bucket owner is refused
 * (AccessControlListNotSupported) before anything is written, on every such operation alike,
 * rather than stored without the grant the caller asked for.
 *
 * @example export const HANDLERS = withCannedAclCheck({ ...BUCKET_HANDLERS, ...OBJECT_HANDLERS })
 */
export function withCannedAclCheck(
  handlers: Partial<Record<S3Operation, Handler>>,
): Partial<Record<S3Operation, Handler>> {
  const checked = { ...handlers }
  for (const operation of ACL_WRITES) {
    const handler = handlers[operation]
    if (!handler) continue
    checked[operation] = async (args) => {
      checkCannedAcl(readHeader(args.req, 'x-amz-acl'))
      await checkGrantHeaders(
        (name) => readHeader(args.req, name),
        () => readOwnerId(args, operation),
      )
      return handler(args)
    }
  }
  return checked
}

/** The owner a grant must name: the caller for a bucket it is creating, else the bucket's. */
function readOwnerId(args: HandlerArgs, operation: S3Operation): Promise<string> {
  if (operation === 'CreateBucket') {
    const { identity } = args.auth
    return Promise.resolve(identity.root ? args.ctx.iam.root.current.accessKey : identity.accessKey)
  }
  return readBucketOwnerId(args.ctx, args.route.bucket)
}

/**
 * A request header as one string (repeated headers joined by commas), or undefined.
 * @example readHeader(req, 'x-amz-acl') // 'private'
 */
export function readHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(',') : value
}
