/** Listing methods of `Client`: streams that page lazily and support `for await`. */
import { ObjectMethods } from './client-objects.js'
import {
  type IncompleteUploadedBucketItem,
  listIncompleteUploads,
} from './operations/listing/list-incomplete-uploads.js'
import { type ListObjectsOptions, listObjects } from './operations/listing/list-objects.js'
import { listObjectsV2 } from './operations/listing/list-objects-v2.js'
import type { ListingStream } from './operations/listing/listing-stream.js'
import type { BucketItem } from './operations/listing/parse-objects-page.js'
import type { BucketVersionItem } from './operations/versioning/list-object-versions.js'

/**
 * Listing operations: listObjects, listObjectsV2, listIncompleteUploads. Each returns an
 * object-mode stream at once (events `data`, `end`, `error`; also `for await`), fetching the next
 * page of 1,000 only when the consumer has read the current one. Bad arguments throw at the call.
 * @example
 * for await (const item of client.listObjectsV2('photos', '2024/', true)) console.log(item.name)
 */
export class ListingMethods extends ObjectMethods {
  /**
   * Lists objects with ListObjects (V1). Not recursive (the default): directory-style, with
   * common prefixes as `{ prefix, size: 0 }`. With `{ IncludeVersion: true }`: every version
   * and delete marker (`versionId`, `isLatest`, `isDeleteMarker`), as minio-js lists them.
   * @example
   * client.listObjects('photos', '', true).on('data', (obj) => console.log(obj.name, obj.size))
   */
  listObjects(
    bucketName: string,
    prefix: string | undefined,
    recursive: boolean | undefined,
    listOpts: ListObjectsOptions & { IncludeVersion: true },
  ): ListingStream<BucketVersionItem>
  listObjects(
    bucketName: string,
    prefix?: string,
    recursive?: boolean,
    listOpts?: ListObjectsOptions,
  ): ListingStream<BucketItem>
  listObjects(
    bucketName: string,
    prefix?: string,
    recursive?: boolean,
    listOpts?: ListObjectsOptions,
  ): ListingStream<BucketItem | BucketVersionItem> {
    return listObjects(this.transport, bucketName, prefix, recursive, listOpts)
  }

  /**
   * Lists objects with ListObjectsV2, starting after `startAfter`.
   * @example
   * for await (const obj of client.listObjectsV2('photos', '', true, 'photos/2023')) console.log(obj.name)
   */
  listObjectsV2(
    bucketName: string,
    prefix?: string,
    recursive?: boolean,
    startAfter?: string,
    listOpts?: ListObjectsOptions,
  ): ListingStream<BucketItem> {
    return listObjectsV2(this.transport, bucketName, prefix, recursive, startAfter, listOpts)
  }

  /**
   * Lists incomplete multipart uploads, each with `size` summed from its uploaded parts.
   * @example
   * for await (const u of client.listIncompleteUploads('videos', '', true)) console.log(u.key, u.size)
   */
  listIncompleteUploads(
    bucketName: string,
    prefix?: string,
    recursive?: boolean,
  ): ListingStream<IncompleteUploadedBucketItem> {
    return listIncompleteUploads(this.transport, bucketName, prefix, recursive)
  }
}
