import type { ConditionValues } from '../../shared/policy/index.js'
import type { Tag } from './object-tags.js'

/**
 * A request's tags as policy condition values: `s3:RequestObjectTag/<key>` for each, and the
 * multi-valued `s3:RequestObjectTagKeys` (absent for no tags, so `Null` conditions hold as on
 * S3). For the tags a request carries in its body (PutObjectTagging) or a POST form.
 *
 * @example requestTagConditions([{ key: 'env', value: 'dev' }]) // { 's3:RequestObjectTag/env': 'dev', 's3:RequestObjectTagKeys': ['env'] }
 */
export function requestTagConditions(tags: readonly Tag[]): ConditionValues {
  const values: Record<string, string | string[]> = {}
  for (const { key, value } of tags) values[`s3:RequestObjectTag/${key}`] = value
  if (tags.length > 0) values['s3:RequestObjectTagKeys'] = tags.map((t) => t.key)
  return values
}
