/**
 * minio-js's lower-level public calls: the request primitives (makeRequest…), uploadPart, the
 * one-page listing queries, and `extensions`. Part of CompatMethods (client-compat.ts).
 */
import type { ResultCallback } from './callbackify.js'
import { ComposeMethods } from './client-compose.js'
import {
  createExtensions,
  type Extensions,
  type ListIncompleteUploadsQueryResult,
  type ListObjectQueryOpts,
  type ListObjectsQueryResult,
  type ListObjectsV2QueryResult,
  listIncompleteUploadsQuery,
  listObjectsQuery,
  listObjectsV2Query,
} from './operations/compat/list-queries.js'
import {
  type RawRequestOptions,
  type RawResponse,
  rawRequest,
  rawRequestOmit,
  type UploadPartConfig,
  type UploadPartResult,
  uploadPartCompat,
} from './operations/compat/raw-request.js'
import type { BodyStream } from './platform/types.js'

/**
 * minio-js's request primitives, uploadPart, listing queries and extensions.
 * @example
 * const res = await client.makeRequestAsync({ method: 'GET', bucketName: 'photos', query: 'versioning' })
 */
export class CompatRequestMethods extends ComposeMethods {
  #extensions: Extensions | undefined

  /**
   * MinIO's extensions to S3: `listObjectsV2WithMetadata`.
   * @example
   * client.extensions.listObjectsV2WithMetadata('photos', '', true).on('data', (o) => console.log(o.metadata))
   */
  get extensions(): Extensions {
    this.#extensions ??= createExtensions(this.transport)
    return this.#extensions
  }

  /**
   * Sends a request (`query` already escaped; `payload` a string or bytes) and resolves with the
   * response stream, carrying `statusCode` and `headers`, once its status is one of
   * `expectedCodes` (default `[200]`). Signed for `region` when given.
   * @example
   * const res = await client.makeRequestAsync({ method: 'GET', bucketName: 'photos', query: 'location' })
   */
  makeRequestAsync(
    options: RawRequestOptions,
    payload?: string | Uint8Array,
    expectedCodes?: number[],
    region?: string,
  ): Promise<RawResponse> {
    return rawRequest(this.transport, options, payload, expectedCodes, region)
  }

  /**
   * makeRequestAsync whose body is read and dropped: resolves with `statusCode` and `headers`.
   * @example
   * await client.makeRequestAsyncOmit({ method: 'DELETE', bucketName: 'photos', query: 'policy' }, '', [200, 204])
   */
  makeRequestAsyncOmit(
    options: RawRequestOptions,
    payload?: string | Uint8Array,
    statusCodes?: number[],
    region?: string,
  ): Promise<Pick<RawResponse, 'statusCode' | 'headers'>> {
    return rawRequestOmit(this.transport, options, payload, statusCodes, region)
  }

  /**
   * makeRequestAsync with a stream (or bytes) as the body; the stream is read into memory first
   * (its length is signed). `sha256sum` is ignored: the SDK hashes the body itself.
   * @example
   * await client.makeRequestStreamAsync({ method: 'PUT', bucketName: 'b', objectName: 'k' }, stream, '', [200], '')
   */
  makeRequestStreamAsync(
    options: RawRequestOptions,
    body: BodyStream | Uint8Array | string,
    _sha256sum: string,
    statusCodes: number[],
    region: string,
  ): Promise<RawResponse> {
    return rawRequest(this.transport, options, body, statusCodes, region)
  }

  /**
   * The callback form of makeRequestAsync; without `returnResponse` the body is dropped and the
   * callback gets `{ statusCode, headers }` (makeRequestAsyncOmit).
   * @example
   * client.makeRequest({ method: 'GET', bucketName: 'photos', query: 'policy' }, '', [200], '', true, (err, res) => {})
   */
  makeRequest(
    options: RawRequestOptions,
    payload: string | Uint8Array | undefined,
    expectedCodes: number[] | undefined,
    region: string | undefined,
    returnResponse: boolean,
    callback: ResultCallback<RawInfo>,
  ): void {
    const t = this.transport
    const send = returnResponse ? rawRequest : rawRequestOmit
    settle(send(t, options, payload, expectedCodes, region), callback)
  }

  /**
   * The callback form of makeRequestStreamAsync.
   * @example
   * client.makeRequestStream({ method: 'PUT', bucketName: 'b', objectName: 'k' }, stream, '', [200], '', false, (err) => {})
   */
  makeRequestStream(
    options: RawRequestOptions,
    stream: BodyStream | Uint8Array,
    _sha256sum: string,
    statusCodes: number[],
    region: string,
    returnResponse: boolean,
    callback: ResultCallback<RawInfo>,
  ): void {
    const t = this.transport
    const send = returnResponse ? rawRequest : rawRequestOmit
    settle(send(t, options, stream, statusCodes, region), callback)
  }

  /**
   * Uploads one part of a multipart upload: `payload`, or with `x-amz-copy-source` in `headers`
   * a copy of another object's bytes (UploadPartCopy). Resolves with `{ etag, key, part }`.
   * @example
   * const part = await client.uploadPart({ bucketName: 'b', objectName: 'k', uploadID, partNumber: 1, headers: {} }, bytes)
   */
  uploadPart(partConfig: UploadPartConfig, payload?: string | Uint8Array): Promise<UploadPartResult> {
    return uploadPartCompat(this.transport, partConfig, payload)
  }

  /**
   * One page of ListObjects (V1), or of ListObjectVersions with `IncludeVersion`.
   * @example
   * const { objects, isTruncated, nextMarker } = await client.listObjectsQuery('photos', '', '', { Delimiter: '/', MaxKeys: 100 })
   */
  listObjectsQuery(
    bucketName: string,
    prefix: string,
    marker: string,
    listQueryOpts: ListObjectQueryOpts,
  ): Promise<ListObjectsQueryResult> {
    return listObjectsQuery(this.transport, bucketName, prefix, marker, listQueryOpts)
  }

  /**
   * One page of ListObjectsV2.
   * @example
   * const { objects, nextContinuationToken } = await client.listObjectsV2Query('photos', '', '', '/', 1000, '')
   */
  listObjectsV2Query(
    bucketName: string,
    prefix: string,
    continuationToken: string,
    delimiter: string,
    maxKeys: number,
    startAfter: string,
  ): Promise<ListObjectsV2QueryResult> {
    return listObjectsV2Query(
      this.transport,
      bucketName,
      prefix,
      continuationToken,
      delimiter,
      maxKeys,
      startAfter,
    )
  }

  /**
   * One page of ListMultipartUploads.
   * @example
   * const { uploads, prefixes } = await client.listIncompleteUploadsQuery('videos', '', '', '', '/')
   */
  listIncompleteUploadsQuery(
    bucketName: string,
    prefix: string,
    keyMarker: string,
    uploadIdMarker: string,
    delimiter: string,
  ): Promise<ListIncompleteUploadsQueryResult> {
    return listIncompleteUploadsQuery(
      this.transport,
      bucketName,
      prefix,
      keyMarker,
      uploadIdMarker,
      delimiter,
    )
  }
}

// The response (returnResponse) or its status and headers, body dropped (as minio-js).
type RawInfo = RawResponse | Pick<RawResponse, 'statusCode' | 'headers'>

function settle(pending: Promise<RawInfo>, callback: ResultCallback<RawInfo>): void {
  pending.then(
    (res) => queueMicrotask(() => callback(null, res)),
    (error: Error) => queueMicrotask(() => callback(error, undefined as never)),
  )
}
