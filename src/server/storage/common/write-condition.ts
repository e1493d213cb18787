import { S3ServerError } from '../../errors.js'

/**
 * A conditional write's precondition (S3's conditional writes, issue 19): `ifNoneMatch: '*'`
 * writes only when the key holds no object; `ifMatch` only when it holds one with that ETag
 * (quoted or not; `*`: any). Backends check it where the write commits, so two conditional
 * writers to one key cannot both pass.
 */
export interface WriteCondition {
  ifMatch?: string
  ifNoneMatch?: '*'
}

/**
 * The error a conditional write fails with against the key's current ETag (undefined: no
 * object), or undefined when it may go ahead: 412 PreconditionFailed, or 404 NoSuchKey for
 * If-Match on a missing key, as S3 answers.
 *
 * @example const error = writeConditionError(condition, current?.etag, key)
 */
export function writeConditionError(
  condition: WriteCondition,
  currentEtag: string | undefined,
  key: string,
): S3ServerError | undefined {
  if (condition.ifNoneMatch === '*' && currentEtag !== undefined) {
    return new S3ServerError('PreconditionFailed', undefined, { Condition: 'If-None-Match' })
  }
  if (condition.ifMatch === undefined) return undefined
  if (currentEtag === undefined) return new S3ServerError('NoSuchKey', undefined, { Key: key })
  if (!etagListMatches(condition.ifMatch, currentEtag)) {
    return new S3ServerError('PreconditionFailed', undefined, { Condition: 'If-Match' })
  }
  return undefined
}

function etagListMatches(list: string, etag: string): boolean {
  return list.split(',').some((t) => {
    const tag = t.trim()
    return tag === '*' || tag.replace(/^"|"$/g, '') === etag
  })
}
