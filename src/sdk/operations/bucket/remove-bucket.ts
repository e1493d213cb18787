/** DeleteBucket: `DELETE /bucket`. */
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName } from '../../validate.js'

/**
 * Removes an empty bucket and forgets its cached region.
 * @example
 * await removeBucket(transport, 'photos')
 */
export async function removeBucket(t: Transport, bucketName: unknown): Promise<void> {
  assertBucketName(bucketName)
  await t.call({ method: 'DELETE', bucket: bucketName }, discardBody)
  t.regions.delete(bucketName)
}
