/** Bucket-policy methods of `Client`, in callback and Promise forms. */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { PresignMethods } from './client-presign.js'
import { getBucketPolicy, setBucketPolicy } from './operations/policy/bucket-policy.js'

/**
 * Bucket-policy operations: getBucketPolicy, setBucketPolicy.
 * @example
 * await client.setBucketPolicy('photos', JSON.stringify(policy))
 */
export class PolicyMethods extends PresignMethods {
  /**
   * The bucket's policy as JSON text (`S3Error` `NoSuchBucketPolicy` when it has none).
   * @example
   * const policy = JSON.parse(await client.getBucketPolicy('photos'))
   */
  getBucketPolicy(bucketName: string): Promise<string>
  getBucketPolicy(bucketName: string, callback: ResultCallback<string>): void
  getBucketPolicy(bucketName: string, ...rest: unknown[]): Promise<string> | undefined {
    return deliver(popCallback(rest), () => getBucketPolicy(this.transport, bucketName))
  }

  /**
   * Sets the bucket's policy from JSON text; '' removes it.
   * @example
   * await client.setBucketPolicy('photos', JSON.stringify({ Version: '2012-10-17', Statement: [...] }))
   * await client.setBucketPolicy('photos', '') // no policy
   */
  setBucketPolicy(bucketName: string, bucketPolicy: string): Promise<void>
  setBucketPolicy(bucketName: string, bucketPolicy: string, callback: NoResultCallback): void
  setBucketPolicy(bucketName: string, bucketPolicy: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () => setBucketPolicy(this.transport, bucketName, bucketPolicy))
  }
}
