import { isActionAllowed } from '../../auth/authorize.js'
import type { HandlerArgs } from '../../context.js'

/**
 * Whether the request bypasses GOVERNANCE retention on `bucket`/`key`: it sends
 * `x-amz-bypass-governance-retention: true` AND the caller holds `s3:BypassGovernanceRetention`
 * there (the root always does; an IAM user or a bucket policy grants it). Either alone is not
 * enough, as S3.
 *
 * @example checkVersionRemovable(state, { now, bypassGovernance: await bypassesGovernance(args, bucket, key) })
 */
export async function bypassesGovernance(
  args: Pick<HandlerArgs, 'ctx' | 'req' | 'route' | 'auth'>,
  bucket: string,
  key: string,
): Promise<boolean> {
  const header = args.req.headers['x-amz-bypass-governance-retention']
  if (typeof header !== 'string' || header.trim().toLowerCase() !== 'true') return false
  return isActionAllowed(args, 's3:BypassGovernanceRetention', bucket, key)
}
