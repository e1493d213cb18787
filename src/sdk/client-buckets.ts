/** Bucket methods of `Client`, in callback and Promise forms. */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { ClientCore } from './client-core.js'
import { bucketExists } from './operations/bucket/bucket-exists.js'
import {
  type BucketEncryptionInfo,
  type EncryptionConfig,
  getBucketEncryption,
  removeBucketEncryption,
  setBucketEncryption,
} from './operations/bucket/encryption.js'
import { type BucketItemFromList, listBuckets } from './operations/bucket/list-buckets.js'
import { type MakeBucketOptions, makeBucket } from './operations/bucket/make-bucket.js'
import { removeBucket } from './operations/bucket/remove-bucket.js'

/**
 * Bucket operations.
 * @example
 * if (!(await client.bucketExists('photos'))) await client.makeBucket('photos')
 */
export class BucketMethods extends ClientCore {
  /**
   * Creates a bucket, in `region` (default: the client's region, else us-east-1).
   * @example
   * await client.makeBucket('photos', 'eu-west-1')
   * client.makeBucket('photos', (err) => { if (err) throw err })
   */
  makeBucket(bucketName: string, region?: string, makeOpts?: MakeBucketOptions): Promise<void>
  makeBucket(bucketName: string, makeOpts: MakeBucketOptions): Promise<void>
  makeBucket(bucketName: string, callback: NoResultCallback): void
  makeBucket(bucketName: string, region: string, callback: NoResultCallback): void
  makeBucket(bucketName: string, makeOpts: MakeBucketOptions, callback: NoResultCallback): void
  makeBucket(
    bucketName: string,
    region: string,
    makeOpts: MakeBucketOptions,
    callback: NoResultCallback,
  ): void
  makeBucket(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => makeBucket(this.transport, bucketName, rest[0], rest[1]))
  }

  /**
   * Lists the caller's buckets.
   * @example
   * for (const { name, creationDate } of await client.listBuckets()) console.log(name, creationDate)
   */
  listBuckets(): Promise<BucketItemFromList[]>
  listBuckets(callback: ResultCallback<BucketItemFromList[]>): void
  listBuckets(...rest: unknown[]): Promise<BucketItemFromList[]> | undefined {
    return deliver(popCallback(rest), () => listBuckets(this.transport))
  }

  /**
   * Whether a bucket exists (false on NoSuchBucket / NotFound; other errors reject).
   * @example
   * const exists = await client.bucketExists('photos')
   */
  bucketExists(bucketName: string): Promise<boolean>
  bucketExists(bucketName: string, callback: ResultCallback<boolean>): void
  bucketExists(bucketName: string, ...rest: unknown[]): Promise<boolean> | undefined {
    return deliver(popCallback(rest), () => bucketExists(this.transport, bucketName))
  }

  /**
   * Removes an empty bucket.
   * @example
   * await client.removeBucket('photos')
   */
  removeBucket(bucketName: string): Promise<void>
  removeBucket(bucketName: string, callback: NoResultCallback): void
  removeBucket(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () => removeBucket(this.transport, bucketName))
  }

  /**
   * Sets the bucket's default encryption: objects written without encryption headers are
   * encrypted with SSE-S3. No configuration (or an empty one) sets the AES256 rule, as minio-js.
   * @example
   * await client.setBucketEncryption('photos')
   * await client.setBucketEncryption('photos', { Rule: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] })
   */
  setBucketEncryption(bucketName: string, encryptionConfig?: EncryptionConfig): Promise<void>
  setBucketEncryption(bucketName: string, callback: NoResultCallback): void
  setBucketEncryption(
    bucketName: string,
    encryptionConfig: EncryptionConfig,
    callback: NoResultCallback,
  ): void
  setBucketEncryption(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => setBucketEncryption(this.transport, bucketName, rest[0]))
  }

  /**
   * The bucket's default encryption, as minio-js returns it (`S3Error`
   * `ServerSideEncryptionConfigurationNotFoundError` when it has none).
   * @example
   * const { ServerSideEncryptionConfiguration } = await client.getBucketEncryption('photos')
   */
  getBucketEncryption(bucketName: string): Promise<BucketEncryptionInfo>
  getBucketEncryption(bucketName: string, callback: ResultCallback<BucketEncryptionInfo>): void
  getBucketEncryption(bucketName: string, ...rest: unknown[]): Promise<BucketEncryptionInfo> | undefined {
    return deliver(popCallback(rest), () => getBucketEncryption(this.transport, bucketName))
  }

  /**
   * Removes the bucket's default encryption; objects already written keep theirs.
   * @example
   * await client.removeBucketEncryption('photos')
   */
  removeBucketEncryption(bucketName: string): Promise<void>
  removeBucketEncryption(bucketName: string, callback: NoResultCallback): void
  removeBucketEncryption(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () => removeBucketEncryption(this.transport, bucketName))
  }
}
