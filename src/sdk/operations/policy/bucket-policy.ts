/**
 * Bucket policies: `GET /bucket?policy` returns the policy JSON as text (unparsed, as minio-js
 * does); `PUT /bucket?policy` sets it and `DELETE /bucket?policy` removes it, which is what
 * `setBucketPolicy(bucket, '')` means. The body is sent as UTF-8 bytes, so a policy with
 * non-ASCII text gets its real length (minio-js counts UTF-16 units).
 */
import { InvalidArgumentError } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName } from '../../validate.js'

/**
 * The bucket's policy document, as JSON text. Rejects with `S3Error` `NoSuchBucketPolicy` when
 * it has none.
 * @example
 * const policy = JSON.parse(await getBucketPolicy(transport, 'photos'))
 */
export async function getBucketPolicy(t: Transport, bucketName: unknown): Promise<string> {
  assertBucketName(bucketName)
  return t.call({ method: 'GET', bucket: bucketName, query: { policy: '' } }, (res) => res.text())
}

/**
 * Sets the bucket's policy (JSON text), or removes it when `policy` is ''.
 * @example
 * await setBucketPolicy(transport, 'photos', JSON.stringify(readOnlyPolicy))
 */
export async function setBucketPolicy(t: Transport, bucketName: unknown, policy: unknown): Promise<void> {
  assertBucketName(bucketName)
  if (typeof policy !== 'string') {
    throw new InvalidArgumentError(
      `Invalid bucket policy: must be a JSON string ('' removes it), got ${typeof policy}`,
    )
  }
  if (policy === '') {
    await t.call({ method: 'DELETE', bucket: bucketName, query: { policy: '' } }, discardBody)
    return
  }
  const body = new TextEncoder().encode(policy)
  await t.call({ method: 'PUT', bucket: bucketName, query: { policy: '' }, body }, discardBody)
}
