import { isS3ServerError } from '../../errors.js'
import { type WriteCondition, writeConditionError } from '../common/write-condition.js'
import { chooseObject, type ErasureContext } from './context.js'

/**
 * Throws when a conditional write to `bucket/key` may not go ahead (PreconditionFailed,
 * NoSuchKey for If-Match on a missing key). The caller holds the key's commit lock
 * (lockForCommit): every commit to the key takes it, so the version read here stays the current
 * one until the caller's own commit, and of concurrent conditional writers at most one passes.
 */
export async function requireWriteCondition(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  condition: WriteCondition,
): Promise<void> {
  const refused = writeConditionError(condition, await currentEtag(ctx, bucket, key), key)
  if (refused) throw refused
}

/** The agreed version's ETag, or undefined when the key holds no object. */
async function currentEtag(ctx: ErasureContext, bucket: string, key: string): Promise<string | undefined> {
  try {
    return (await chooseObject(ctx, bucket, key)).meta.etag
  } catch (error) {
    if (isS3ServerError(error) && error.code === 'NoSuchKey') return undefined
    throw error
  }
}
