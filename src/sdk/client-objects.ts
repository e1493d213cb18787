/** Object methods of `Client`, in callback and Promise forms. */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { BucketMethods } from './client-buckets.js'
import { type GetObjectOptions, getObject } from './operations/object/get-object.js'
import { putObject, type UploadedObjectInfo } from './operations/object/put-object.js'
import { type RemoveOptions, removeObject } from './operations/object/remove-object.js'
import { type BucketItemStat, type StatObjectOptions, statObject } from './operations/object/stat-object.js'
import type { ItemBucketMetadata } from './operations/object/upload/metadata.js'
import type { UploadData } from './operations/object/upload/source.js'
import type { BodyStream } from './platform/types.js'

/**
 * Object operations.
 * @example
 * await client.putObject('photos', 'a.txt', 'hello')
 */
export class ObjectMethods extends BucketMethods {
  /**
   * Uploads an object from bytes, a string (UTF-8), a Blob or a stream. Pass `size` for streams to
   * send them without buffering. `metaData` keys: standard headers (`Content-Type`, ...) pass
   * through, other keys become `x-amz-meta-<key>`.
   * @example
   * const { etag } = await client.putObject('photos', 'a.txt', 'hello', undefined, { 'Content-Type': 'text/plain' })
   * client.putObject('photos', 'b.bin', fs.createReadStream('b.bin'), size, (err, info) => {})
   */
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    size?: number,
    metaData?: ItemBucketMetadata,
  ): Promise<UploadedObjectInfo>
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    metaData: ItemBucketMetadata,
  ): Promise<UploadedObjectInfo>
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    callback: ResultCallback<UploadedObjectInfo>,
  ): void
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    sizeOrMetaData: number | ItemBucketMetadata | undefined,
    callback: ResultCallback<UploadedObjectInfo>,
  ): void
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    size: number | undefined,
    metaData: ItemBucketMetadata | undefined,
    callback: ResultCallback<UploadedObjectInfo>,
  ): void
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    ...rest: unknown[]
  ): Promise<UploadedObjectInfo> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => putObject(this.transport, bucketName, objectName, data, rest[0], rest[1]))
  }

  /**
   * Downloads an object as a readable stream (resolves when the response starts).
   * @example
   * const stream = await client.getObject('photos', 'a.jpg')
   * stream.pipe(fs.createWriteStream('a.jpg'))
   */
  getObject(bucketName: string, objectName: string, getOpts?: GetObjectOptions): Promise<BodyStream>
  getObject(bucketName: string, objectName: string, callback: ResultCallback<BodyStream>): void
  getObject(
    bucketName: string,
    objectName: string,
    getOpts: GetObjectOptions,
    callback: ResultCallback<BodyStream>,
  ): void
  getObject(bucketName: string, objectName: string, ...rest: unknown[]): Promise<BodyStream> | undefined {
    return deliver(popCallback(rest), () => getObject(this.transport, bucketName, objectName, rest[0]))
  }

  /**
   * Reads an object's size, ETag, last-modified date and metadata.
   * @example
   * const { size, metaData } = await client.statObject('photos', 'a.jpg')
   */
  statObject(bucketName: string, objectName: string, statOpts?: StatObjectOptions): Promise<BucketItemStat>
  statObject(bucketName: string, objectName: string, callback: ResultCallback<BucketItemStat>): void
  statObject(
    bucketName: string,
    objectName: string,
    statOpts: StatObjectOptions,
    callback: ResultCallback<BucketItemStat>,
  ): void
  statObject(
    bucketName: string,
    objectName: string,
    ...rest: unknown[]
  ): Promise<BucketItemStat> | undefined {
    return deliver(popCallback(rest), () => statObject(this.transport, bucketName, objectName, rest[0]))
  }

  /**
   * Removes an object (or one version of it).
   * @example
   * await client.removeObject('photos', 'a.jpg')
   */
  removeObject(bucketName: string, objectName: string, removeOpts?: RemoveOptions): Promise<void>
  removeObject(bucketName: string, objectName: string, callback: NoResultCallback): void
  removeObject(
    bucketName: string,
    objectName: string,
    removeOpts: RemoveOptions,
    callback: NoResultCallback,
  ): void
  removeObject(bucketName: string, objectName: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () => removeObject(this.transport, bucketName, objectName, rest[0]))
  }
}
