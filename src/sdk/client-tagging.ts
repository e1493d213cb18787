/** Tagging methods of `Client`: bucket and object tags (minio-js names and shapes). */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { VersioningMethods } from './client-versioning.js'
import {
  getTags,
  objectTarget,
  putTags,
  removeTags,
  type Tag,
  type TaggingOpts,
  type Tags,
} from './operations/tagging/tagging.js'
import { assertBucketName } from './validate.js'

/**
 * Bucket and object tags: set replaces all tags, get reads `[{ Key, Value }]`, remove clears.
 * @example
 * await client.setObjectTagging('photos', 'a.jpg', { project: 'apollo' })
 * const tags = await client.getObjectTagging('photos', 'a.jpg') // [{ Key: 'project', Value: 'apollo' }]
 */
export class TaggingMethods extends VersioningMethods {
  /**
   * Replaces the bucket's tags (at most 50).
   * @example
   * await client.setBucketTagging('photos', { team: 'web' })
   */
  setBucketTagging(bucketName: string, tags: Tags): Promise<void>
  setBucketTagging(bucketName: string, tags: Tags, callback: NoResultCallback): void
  setBucketTagging(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => {
      assertBucketName(bucketName)
      return putTags(this.transport, { bucket: bucketName }, rest[0])
    })
  }

  /**
   * The bucket's tags as `[{ Key, Value }]`; `S3Error` `NoSuchTagSet` when it has none.
   * @example
   * const tags = await client.getBucketTagging('photos')
   */
  getBucketTagging(bucketName: string): Promise<Tag[]>
  getBucketTagging(bucketName: string, callback: ResultCallback<Tag[]>): void
  getBucketTagging(bucketName: string, ...rest: unknown[]): Promise<Tag[]> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => {
      assertBucketName(bucketName)
      return getTags(this.transport, { bucket: bucketName })
    })
  }

  /**
   * Removes the bucket's tags.
   * @example
   * await client.removeBucketTagging('photos')
   */
  removeBucketTagging(bucketName: string): Promise<void>
  removeBucketTagging(bucketName: string, callback: NoResultCallback): void
  removeBucketTagging(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => {
      assertBucketName(bucketName)
      return removeTags(this.transport, { bucket: bucketName })
    })
  }

  /**
   * Replaces an object's (or, with `{ versionId }`, a version's) tags (at most 10).
   * @example
   * await client.setObjectTagging('photos', 'a.jpg', { stage: 'raw' }, { versionId })
   */
  setObjectTagging(bucketName: string, objectName: string, tags: Tags, putOpts?: TaggingOpts): Promise<void>
  setObjectTagging(bucketName: string, objectName: string, tags: Tags, callback: NoResultCallback): void
  setObjectTagging(
    bucketName: string,
    objectName: string,
    tags: Tags,
    putOpts: TaggingOpts,
    callback: NoResultCallback,
  ): void
  setObjectTagging(bucketName: string, objectName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () =>
      putTags(this.transport, objectTarget(bucketName, objectName, rest[1], 'putOpts'), rest[0]),
    )
  }

  /**
   * An object's (version's) tags as `[{ Key, Value }]` ([] when it has none).
   * @example
   * const tags = await client.getObjectTagging('photos', 'a.jpg')
   */
  getObjectTagging(bucketName: string, objectName: string, getOpts?: TaggingOpts): Promise<Tag[]>
  getObjectTagging(bucketName: string, objectName: string, callback: ResultCallback<Tag[]>): void
  getObjectTagging(
    bucketName: string,
    objectName: string,
    getOpts: TaggingOpts,
    callback: ResultCallback<Tag[]>,
  ): void
  getObjectTagging(bucketName: string, objectName: string, ...rest: unknown[]): Promise<Tag[]> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () =>
      getTags(this.transport, objectTarget(bucketName, objectName, rest[0], 'getOpts')),
    )
  }

  /**
   * Removes an object's (version's) tags.
   * @example
   * await client.removeObjectTagging('photos', 'a.jpg', { versionId })
   */
  removeObjectTagging(bucketName: string, objectName: string, removeOpts?: TaggingOpts): Promise<void>
  removeObjectTagging(bucketName: string, objectName: string, callback: NoResultCallback): void
  removeObjectTagging(
    bucketName: string,
    objectName: string,
    removeOpts: TaggingOpts,
    callback: NoResultCallback,
  ): void
  removeObjectTagging(bucketName: string, objectName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () =>
      removeTags(this.transport, objectTarget(bucketName, objectName, rest[0], 'removeOpts')),
    )
  }
}
