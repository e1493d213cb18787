import { S3ServerError } from '../../errors.js'
import type { S3Route } from '../../router/route-request.js'
import { checkVersionId } from '../../storage/common/version-errors.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { queryValue } from '../listing/query-params.js'

/**
 * The request's `?versionId=` (`'null'` names the null version), checked before any lookup:
 * an empty one or one no version of ours can have is InvalidArgument, as S3.
 *
 * @example const versionId = readVersionIdParam(route) // undefined: the latest
 */
export function readVersionIdParam(route: Pick<S3Route, 'query'>): string | undefined {
  const versionId = queryValue(route, 'versionId')
  if (versionId === undefined) return undefined
  if (versionId === '') {
    throw new S3ServerError('InvalidArgument', 'Version id cannot be the empty string', {
      ArgumentName: 'versionId',
      ArgumentValue: '',
    })
  }
  checkVersionId(versionId)
  return versionId
}

/**
 * `x-amz-version-id` for an answer about `info`: its version's ID (`null` for the null version of
 * a versioned bucket); nothing for an object of a bucket that never had versioning.
 *
 * @example sendEmpty(res, 200, { etag, ...versionIdHeader(info) })
 */
export function versionIdHeader(info: Pick<ObjectInfo, 'versionId'>): Record<string, string> {
  return info.versionId === undefined ? {} : { 'x-amz-version-id': info.versionId }
}
