import type { HandlerArgs } from '../../context.js'
import { checkVersionRemovable } from '../../object-lock/lock-enforcement.js'
import { lockStateOf } from '../../object-lock/object-lock-state.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { bypassesGovernance } from './bypass-governance.js'

/**
 * The `check` a delete hands to storage's deleteObject for `bucket`/`key`: run under the key's
 * lock with the version about to be removed, it refuses (403 AccessDenied) a version under a
 * legal hold, under COMPLIANCE retention, or under GOVERNANCE retention unless this request
 * bypasses it (header and permission). Adding a delete marker removes nothing and is never
 * checked (storage calls `check` only for a removal).
 *
 * @example await ctx.storage.deleteObject(bucket, key, { versionId, versioning, check: await deleteLockCheck(args, bucket, key) })
 */
export async function deleteLockCheck(
  args: Pick<HandlerArgs, 'ctx' | 'req' | 'route' | 'auth'>,
  bucket: string,
  key: string,
): Promise<(current: ObjectInfo) => void> {
  const bypassGovernance = await bypassesGovernance(args, bucket, key)
  const now = new Date(args.ctx.auth.now())
  return (current) => checkVersionRemovable(lockStateOf(current.headers), { now, bypassGovernance })
}
