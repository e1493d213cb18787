/** Server-side copy and compose methods of `Client` (minio-js 7 and 8 forms). */
import { deliver, popCallback, type ResultCallback } from './callbackify.js'
import { NotificationMethods } from './client-notification.js'
import {
  type ComposeObjectOptions,
  type ComposeObjectResult,
  composeObject,
  copyObjectRange,
} from './operations/object/compose-object.js'
import type { CopyConditions } from './operations/object/copy-conditions.js'
import {
  type CopyObjectResult,
  type CopyObjectResultV2,
  copyObjectV1,
  copyObjectV2,
} from './operations/object/copy-object.js'
import { type CopyDestinationOptions, CopySourceOptions } from './operations/object/copy-options.js'

/**
 * Server-side copy and compose: copyObject in minio-js 7's form (CopyConditions) and 8's
 * (CopySourceOptions / CopyDestinationOptions), and composeObject, built on UploadPartCopy.
 * @example
 * await client.copyObject('photos', 'copy.jpg', '/photos/a.jpg')
 * await client.composeObject(new CopyDestinationOptions({ Bucket: 'photos', Object: 'all.bin' }), [src1, src2])
 */
export class ComposeMethods extends NotificationMethods {
  /**
   * Copies an object on the server. Two forms, told apart as minio-js does (a string first
   * argument is the 7.x form):
   * - `(bucket, key, '/srcBucket/srcKey', conditions?)` → `{etag, lastModified}`;
   * - `(CopySourceOptions, CopyDestinationOptions)` → `{Bucket, Key, LastModified, MetaData,
   *   VersionId, SourceVersionId, Etag, Size}`. A source with `MatchRange` copies only that
   *   range (through a one-part multipart copy, since CopyObject has no ranges).
   * @example
   * const { etag } = await client.copyObject('photos', 'copy.jpg', '/photos/a.jpg')
   * const conds = new CopyConditions(); conds.setMatchETag(etag)
   * client.copyObject('photos', 'b.jpg', '/photos/a.jpg', conds, (err, result) => {})
   * const src = new CopySourceOptions({ Bucket: 'photos', Object: 'a.jpg' })
   * const dest = new CopyDestinationOptions({ Bucket: 'photos', Object: 'c.jpg', UserMetadata: { owner: 'ana' } })
   * const { Etag } = await client.copyObject(src, dest)
   */
  copyObject(
    bucketName: string,
    objectName: string,
    sourceObject: string,
    conditions?: CopyConditions | null,
  ): Promise<CopyObjectResult>
  copyObject(
    bucketName: string,
    objectName: string,
    sourceObject: string,
    callback: ResultCallback<CopyObjectResult>,
  ): void
  copyObject(
    bucketName: string,
    objectName: string,
    sourceObject: string,
    conditions: CopyConditions | null | undefined,
    callback: ResultCallback<CopyObjectResult>,
  ): void
  copyObject(source: CopySourceOptions, dest: CopyDestinationOptions): Promise<CopyObjectResultV2>
  copyObject(
    source: CopySourceOptions,
    dest: CopyDestinationOptions,
    callback: ResultCallback<CopyObjectResultV2>,
  ): void
  copyObject(...args: unknown[]): Promise<CopyObjectResult | CopyObjectResultV2> | undefined {
    const callback = popCallback(args)
    return deliver(callback, (): Promise<CopyObjectResult | CopyObjectResultV2> => {
      if (typeof args[0] === 'string') {
        return copyObjectV1(this.transport, args[0], args[1], args[2], args[3])
      }
      if (args[0] instanceof CopySourceOptions && args[0].MatchRange) {
        return copyObjectRange(this.transport, args[0], args[1])
      }
      return copyObjectV2(this.transport, args[0], args[1])
    })
  }

  /**
   * Builds an object on the server from byte ranges of up to 10,000 existing objects (each but
   * the last at least 5 MiB; up to 5 TiB in all). Resolves with `{etag, versionId}`, or, when a
   * single whole source within 5 GiB makes it a plain copy, with copyObject's v2 result. A failed
   * part aborts the upload and rejects with the error.
   * @example
   * const dest = new CopyDestinationOptions({ Bucket: 'logs', Object: 'all.log' })
   * const sources = ['a.log', 'b.log'].map((Object) => new CopySourceOptions({ Bucket: 'logs', Object }))
   * const { etag } = await client.composeObject(dest, sources)
   */
  composeObject(
    destObjConfig: CopyDestinationOptions,
    sourceObjList: CopySourceOptions[],
    options?: ComposeObjectOptions,
  ): Promise<ComposeObjectResult>
  composeObject(
    destObjConfig: CopyDestinationOptions,
    sourceObjList: CopySourceOptions[],
    callback: ResultCallback<ComposeObjectResult>,
  ): void
  composeObject(
    destObjConfig: CopyDestinationOptions,
    sourceObjList: CopySourceOptions[],
    options: ComposeObjectOptions | undefined,
    callback: ResultCallback<ComposeObjectResult>,
  ): void
  composeObject(
    destObjConfig: CopyDestinationOptions,
    sourceObjList: CopySourceOptions[],
    ...rest: unknown[]
  ): Promise<ComposeObjectResult> | undefined {
    return deliver(popCallback(rest), () =>
      composeObject(this.transport, destObjConfig, sourceObjList, rest[0]),
    )
  }
}
