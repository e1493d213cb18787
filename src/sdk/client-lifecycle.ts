/** Lifecycle methods of `Client`: set, get and remove a bucket's lifecycle rules (minio-js shapes). */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { LockMethods } from './client-lock.js'
import {
  getBucketLifecycle,
  type LifecycleConfig,
  removeBucketLifecycle,
  setBucketLifecycle,
} from './operations/lifecycle/bucket-lifecycle.js'

/**
 * Bucket lifecycle rules: expiration of current and noncurrent versions, expired delete
 * markers, aborting stale multipart uploads.
 * @example
 * await client.setBucketLifecycle('logs', {
 *   Rule: [{ ID: 'expire-logs', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 30 } }],
 * })
 */
export class LifecycleMethods extends LockMethods {
  /**
   * Sets the bucket's lifecycle configuration; null, undefined or '' removes it (as minio-js).
   * @example
   * await client.setBucketLifecycle('logs', { Rule: [{ ID: 'r', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 7 } }] })
   */
  setBucketLifecycle(
    bucketName: string,
    lifeCycleConfig: LifecycleConfig | null | undefined | '',
  ): Promise<void>
  setBucketLifecycle(
    bucketName: string,
    lifeCycleConfig: LifecycleConfig | null | undefined | '',
    callback: NoResultCallback,
  ): void
  setBucketLifecycle(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => setBucketLifecycle(this.transport, bucketName, rest[0]))
  }

  /**
   * The bucket's lifecycle configuration `{ Rule }` (one rule reads as an object, several as an
   * array, as in minio-js).
   * @example
   * const { Rule } = await client.getBucketLifecycle('logs')
   */
  getBucketLifecycle(bucketName: string): Promise<LifecycleConfig>
  getBucketLifecycle(bucketName: string, callback: ResultCallback<LifecycleConfig>): void
  getBucketLifecycle(bucketName: string, ...rest: unknown[]): Promise<LifecycleConfig> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => getBucketLifecycle(this.transport, bucketName))
  }

  /**
   * Removes the bucket's lifecycle configuration.
   * @example
   * await client.removeBucketLifecycle('logs')
   */
  removeBucketLifecycle(bucketName: string): Promise<void>
  removeBucketLifecycle(bucketName: string, callback: NoResultCallback): void
  removeBucketLifecycle(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => removeBucketLifecycle(this.transport, bucketName))
  }
}
