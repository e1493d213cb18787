import { actionForVersion } from '../../../shared/policy/version-actions.js'
import { isActionAllowed } from '../../auth/authorize.js'
import type { HandlerArgs } from '../../context.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { tagCount } from '../../tagging/object-tags.js'

/**
 * `x-amz-tagging-count` for GET and HEAD, as S3 answers it: the number of the version's tags,
 * when it has some and the caller may read them (`s3:GetObjectTagging`, or
 * `s3:GetObjectVersionTagging` for a named version). Nothing is evaluated for an untagged
 * version (the common case).
 *
 * @example res.writeHead(200, { ...objectHeaders(info), ...(await permittedTagCount(args, info)) })
 */
export async function permittedTagCount(
  args: Pick<HandlerArgs, 'ctx' | 'req' | 'route' | 'auth'>,
  info: ObjectInfo,
): Promise<Record<string, string>> {
  const count = tagCount(info)
  if (count === 0) return {}
  const { bucket, key, query } = args.route
  const versionId = query.find(([name]) => name === 'versionId')?.[1]
  const action = actionForVersion('s3:GetObjectTagging', versionId)
  if (!(await isActionAllowed(args, action, bucket, key))) return {}
  return { 'x-amz-tagging-count': String(count) }
}
