/** Bucket versioning methods of `Client` (minio-js's setBucketVersioning / getBucketVersioning). */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { SelectMethods } from './client-select.js'
import {
  type BucketVersioningConfiguration,
  getBucketVersioning,
  setBucketVersioning,
} from './operations/versioning/bucket-versioning.js'

/**
 * Bucket versioning. Versions themselves are read with `{ versionId }` on getObject, statObject,
 * removeObject and friends, and listed with `listObjects(..., { IncludeVersion: true })`.
 * @example
 * await client.setBucketVersioning('photos', { Status: 'Enabled' })
 * const { Status } = await client.getBucketVersioning('photos') // 'Enabled'
 */
export class VersioningMethods extends SelectMethods {
  /**
   * Enables or suspends versioning on a bucket (`{ Status: 'Enabled' | 'Suspended' }`).
   * @example
   * await client.setBucketVersioning('photos', { Status: 'Suspended' })
   */
  setBucketVersioning(bucketName: string, versionConfig: BucketVersioningConfiguration): Promise<void>
  setBucketVersioning(
    bucketName: string,
    versionConfig: BucketVersioningConfiguration,
    callback: NoResultCallback,
  ): void
  setBucketVersioning(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => setBucketVersioning(this.transport, bucketName, rest[0]))
  }

  /**
   * The bucket's versioning state: `{ Status }`, or '' when versioning was never set (as
   * minio-js reads it).
   * @example
   * const config = await client.getBucketVersioning('photos')
   */
  getBucketVersioning(bucketName: string): Promise<BucketVersioningConfiguration | ''>
  getBucketVersioning(bucketName: string, callback: ResultCallback<BucketVersioningConfiguration | ''>): void
  getBucketVersioning(
    bucketName: string,
    ...rest: unknown[]
  ): Promise<BucketVersioningConfiguration | ''> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => getBucketVersioning(this.transport, bucketName))
  }
}
