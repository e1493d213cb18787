import { isS3ServerError } from '../../errors.js'
import { type WriteCondition, writeConditionError } from '../common/write-condition.js'
import type { ObjectLayer } from '../object-layer.js'
import { publicObjectInfo } from './sse-record.js'

/**
 * A conditional write's condition in terms of the stored object. Clients name the ETag they
 * see, which for an SSE-S3 object is not the one the backend stores (the plaintext MD5 vs the
 * MD5 of the stored bytes): the condition is checked here against the visible ETag, and the
 * backend is handed one that holds only if the key still holds the object that was checked
 * (its stored ETag, or no object), so the check stays atomic where the write commits.
 */
export async function storedCondition(
  inner: ObjectLayer,
  bucket: string,
  key: string,
  condition: WriteCondition | undefined,
): Promise<WriteCondition | undefined> {
  if (!condition) return undefined
  const current = await inner.headObject(bucket, key).catch((error: unknown) => {
    if (isS3ServerError(error) && error.code === 'NoSuchKey') return undefined
    throw error
  })
  const refused = writeConditionError(condition, current && publicObjectInfo(current).etag, key)
  if (refused) throw refused
  return current ? { ifMatch: current.etag } : { ifNoneMatch: '*' }
}
