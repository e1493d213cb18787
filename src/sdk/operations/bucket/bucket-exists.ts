/** HeadBucket: `HEAD /bucket`, answered as a boolean. */
import { S3Error } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName } from '../../validate.js'

/**
 * Whether the bucket exists: false on NoSuchBucket / NotFound, other errors (AccessDenied, ...)
 * are rethrown.
 * @example
 * if (!(await bucketExists(transport, 'photos'))) await makeBucket(transport, 'photos')
 */
export async function bucketExists(t: Transport, bucketName: unknown): Promise<boolean> {
  assertBucketName(bucketName)
  try {
    await t.call({ method: 'HEAD', bucket: bucketName }, discardBody)
    return true
  } catch (error) {
    if (error instanceof S3Error && (error.code === 'NoSuchBucket' || error.code === 'NotFound')) return false
    throw error
  }
}
