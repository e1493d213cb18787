/** Object methods of `Client`, in callback and Promise forms. */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { BucketMethods } from './client-buckets.js'
import { type FGetObjectOptions, fGetObject } from './operations/object/f-get-object.js'
import { fPutObject } from './operations/object/f-put-object.js'
import { type GetObjectOptions, getObject } from './operations/object/get-object.js'
import { getPartialObject } from './operations/object/get-partial-object.js'
import { putObject } from './operations/object/put-object.js'
import { removeIncompleteUpload } from './operations/object/remove-incomplete-upload.js'
import { type RemoveOptions, removeObject } from './operations/object/remove-object.js'
import {
  type RemoveObjectsEntry,
  type RemoveObjectsError,
  removeObjects,
} from './operations/object/remove-objects.js'
import { type BucketItemStat, type StatObjectOptions, statObject } from './operations/object/stat-object.js'
import type { BodyStream } from './platform/types.js'
import type { ItemBucketMetadata } from './upload/metadata.js'
import type { UploadData } from './upload/source.js'
import type { UploadOptions } from './upload/upload-options.js'
import type { UploadedObjectInfo } from './upload/uploaded-object-info.js'

/**
 * Object operations.
 * @example
 * await client.putObject('photos', 'a.txt', 'hello')
 */
export class ObjectMethods extends BucketMethods {
  /**
   * Uploads an object from bytes, a string (UTF-8), a Blob or a stream, of known or unknown size.
   * Up to 5 MiB it is one PUT; above, a multipart upload: parts in parallel with bounded memory,
   * each with its Content-MD5, resuming an incomplete upload of the same key by sending only the
   * missing parts. `metaData` keys: standard headers (`Content-Type`, ...) pass through, other keys
   * become `x-amz-meta-<key>`. `options`: progress, AbortSignal, part size, concurrency.
   * @example
   * const { etag } = await client.putObject('photos', 'a.txt', 'hello', undefined, { 'Content-Type': 'text/plain' })
   * await client.putObject('videos', 'b.mp4', stream, undefined, {}, { onProgress: ({ loaded }) => log(loaded) })
   * client.putObject('photos', 'b.bin', fs.createReadStream('b.bin'), size, (err, info) => {})
   */
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    size?: number,
    metaData?: ItemBucketMetadata,
    options?: UploadOptions,
  ): Promise<UploadedObjectInfo>
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    metaData: ItemBucketMetadata,
    options?: UploadOptions,
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
    size: number | undefined,
    metaData: ItemBucketMetadata | undefined,
    options: UploadOptions | undefined,
    callback: ResultCallback<UploadedObjectInfo>,
  ): void
  putObject(
    bucketName: string,
    objectName: string,
    data: UploadData,
    ...rest: unknown[]
  ): Promise<UploadedObjectInfo> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () =>
      putObject(this.transport, bucketName, objectName, data, rest[0], rest[1], rest[2]),
    )
  }

  /**
   * Uploads a local file (Node). Content-Type comes from the extension unless `metaData` has one.
   * Large files go multipart and resume like putObject.
   * @example
   * const { etag } = await client.fPutObject('photos', 'cat.jpg', '/home/ana/cat.jpg')
   * client.fPutObject('photos', 'cat.jpg', '/home/ana/cat.jpg', {}, (err, info) => {})
   */
  fPutObject(
    bucketName: string,
    objectName: string,
    filePath: string,
    metaData?: ItemBucketMetadata,
    options?: UploadOptions,
  ): Promise<UploadedObjectInfo>
  fPutObject(
    bucketName: string,
    objectName: string,
    filePath: string,
    callback: ResultCallback<UploadedObjectInfo>,
  ): void
  fPutObject(
    bucketName: string,
    objectName: string,
    filePath: string,
    metaData: ItemBucketMetadata | undefined,
    callback: ResultCallback<UploadedObjectInfo>,
  ): void
  fPutObject(
    bucketName: string,
    objectName: string,
    filePath: string,
    metaData: ItemBucketMetadata | undefined,
    options: UploadOptions | undefined,
    callback: ResultCallback<UploadedObjectInfo>,
  ): void
  fPutObject(
    bucketName: string,
    objectName: string,
    filePath: string,
    ...rest: unknown[]
  ): Promise<UploadedObjectInfo> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () =>
      fPutObject(this.transport, bucketName, objectName, filePath, rest[0], rest[1]),
    )
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

  /**
   * Downloads `length` bytes from `offset` (length 0 or left out: to the end) as a stream.
   * @example
   * const stream = await client.getPartialObject('videos', 'a.mp4', 1024, 4096)
   */
  getPartialObject(
    bucketName: string,
    objectName: string,
    offset: number,
    length?: number,
    getOpts?: GetObjectOptions,
  ): Promise<BodyStream>
  getPartialObject(
    bucketName: string,
    objectName: string,
    offset: number,
    callback: ResultCallback<BodyStream>,
  ): void
  getPartialObject(
    bucketName: string,
    objectName: string,
    offset: number,
    length: number | undefined,
    callback: ResultCallback<BodyStream>,
  ): void
  getPartialObject(
    bucketName: string,
    objectName: string,
    offset: number,
    length: number | undefined,
    getOpts: GetObjectOptions | undefined,
    callback: ResultCallback<BodyStream>,
  ): void
  getPartialObject(
    bucketName: string,
    objectName: string,
    offset: number,
    ...rest: unknown[]
  ): Promise<BodyStream> | undefined {
    return deliver(popCallback(rest), () =>
      getPartialObject(this.transport, bucketName, objectName, offset, rest[0], rest[1]),
    )
  }

  /**
   * Downloads an object into a local file (Node), through `<file>.<etag>.part.silo` renamed into
   * place when complete; an interrupted download of the same version continues where it stopped.
   * @example
   * await client.fGetObject('videos', 'a.mp4', '/tmp/a.mp4')
   * client.fGetObject('videos', 'a.mp4', '/tmp/a.mp4', (err) => {})
   */
  fGetObject(
    bucketName: string,
    objectName: string,
    filePath: string,
    getOpts?: FGetObjectOptions,
  ): Promise<void>
  fGetObject(bucketName: string, objectName: string, filePath: string, callback: NoResultCallback): void
  fGetObject(
    bucketName: string,
    objectName: string,
    filePath: string,
    getOpts: FGetObjectOptions | undefined,
    callback: NoResultCallback,
  ): void
  fGetObject(
    bucketName: string,
    objectName: string,
    filePath: string,
    ...rest: unknown[]
  ): Promise<void> | undefined {
    return deliver(popCallback(rest), () =>
      fGetObject(this.transport, bucketName, objectName, filePath, rest[0]),
    )
  }

  /**
   * Removes many objects (DeleteObjects, 1,000 per request). Resolves with every key the server
   * did not delete (`{Code, Message, Key, VersionId}`; empty when all went); a request the server
   * refused as a whole rejects.
   * @example
   * const failures = await client.removeObjects('photos', ['a.jpg', { name: 'b.jpg', versionId: 'v1' }])
   */
  removeObjects(bucketName: string, objectsList: RemoveObjectsEntry[]): Promise<RemoveObjectsError[]>
  removeObjects(
    bucketName: string,
    objectsList: RemoveObjectsEntry[],
    callback: ResultCallback<RemoveObjectsError[]>,
  ): void
  removeObjects(bucketName: string, objectsList: RemoveObjectsEntry[], ...rest: unknown[]) {
    return deliver(popCallback(rest), () => removeObjects(this.transport, bucketName, objectsList))
  }

  /**
   * Aborts every incomplete multipart upload of an object, freeing the parts it holds.
   * @example
   * await client.removeIncompleteUpload('videos', 'a.mp4')
   */
  removeIncompleteUpload(bucketName: string, objectName: string): Promise<void>
  removeIncompleteUpload(bucketName: string, objectName: string, callback: NoResultCallback): void
  removeIncompleteUpload(
    bucketName: string,
    objectName: string,
    ...rest: unknown[]
  ): Promise<void> | undefined {
    return deliver(popCallback(rest), () => removeIncompleteUpload(this.transport, bucketName, objectName))
  }
}
