import type { Readable } from 'node:stream'

/**
 * The storage contract every backend implements (single drive now, erasure-coded later).
 * One contract suite (test/server/storage/contract.ts) runs against each implementation.
 *
 * Failures are thrown as S3ServerError with the catalogued code (NoSuchBucket, NoSuchKey,
 * BucketNotEmpty, BucketAlreadyOwnedByYou, BadDigest, IncompleteBody, InvalidRange, ...).
 */

export interface BucketInfo {
  name: string
  created: Date
  /** LocationConstraint given at creation ('' means the server's default region). */
  region: string
}

/** Metadata stored with an object and returned by HEAD/GET. */
export interface ObjectInfo {
  bucket: string
  key: string
  size: number
  /** Hex MD5 for single-part objects, `<hex>-<n>` for multipart; without quotes. */
  etag: string
  lastModified: Date
  /** Content-Type as stored (default 'application/octet-stream'). */
  contentType: string
  /**
   * Stored response headers other than Content-Type, lower-cased: `x-amz-meta-*` user metadata
   * and the standard ones S3 keeps (cache-control, content-disposition, content-encoding,
   * content-language, expires).
   */
  headers: Record<string, string>
}

export interface PutObjectInput {
  bucket: string
  key: string
  body: Readable | AsyncIterable<Uint8Array>
  /** Declared length; when set, a body of any other length fails with IncompleteBody and stores nothing. */
  size?: number
  contentType?: string
  headers?: Record<string, string>
  /** Base64 Content-MD5 from the request; a mismatch fails with BadDigest and stores nothing. */
  contentMd5?: string
  /** Aborts the write; nothing is stored. */
  signal?: AbortSignal
}

/** Inclusive byte range, already validated against the object's size by the caller. */
export interface ByteRange {
  start: number
  end: number
}

export interface GetObjectResult {
  info: ObjectInfo
  /** The whole object, or just `range` when one was given. */
  body: Readable
}

export interface ListObjectsInput {
  bucket: string
  prefix?: string
  delimiter?: string
  /** Exclusive: list keys (and common prefixes) strictly after this one. */
  startAfter?: string
  /** 1..1000, default 1000. */
  maxKeys?: number
}

export interface ListObjectsResult {
  objects: ObjectInfo[]
  commonPrefixes: string[]
  isTruncated: boolean
  /** The last key or common prefix returned, to pass as `startAfter` for the next page. */
  nextStartAfter?: string
}

export interface StorageBackend {
  /** Backend kind as `info` reports it ('FS' for one drive). */
  readonly kind: string
  listBuckets(): Promise<BucketInfo[]>
  createBucket(name: string, region: string): Promise<BucketInfo>
  getBucket(name: string): Promise<BucketInfo>
  deleteBucket(name: string): Promise<void>
  putObject(input: PutObjectInput): Promise<ObjectInfo>
  getObject(bucket: string, key: string, range?: ByteRange): Promise<GetObjectResult>
  headObject(bucket: string, key: string): Promise<ObjectInfo>
  /** Deleting a missing key succeeds (S3 semantics); a missing bucket is NoSuchBucket. */
  deleteObject(bucket: string, key: string): Promise<void>
  listObjects(input: ListObjectsInput): Promise<ListObjectsResult>
  /**
   * A small per-bucket document (bucket policy JSON, notification XML, ...) by name, or
   * undefined when none is stored. NoSuchBucket when the bucket does not exist.
   */
  getBucketDocument(bucket: string, name: string): Promise<string | undefined>
  /**
   * Stores (or, with `undefined`, removes) a per-bucket document. NoSuchBucket when the bucket
   * does not exist; deleting the bucket deletes its documents in the same commit.
   */
  putBucketDocument(bucket: string, name: string, document: string | undefined): Promise<void>
  /**
   * A server-wide document by path (`config/config.json`, `iam/users/<key>.json`, ...), or
   * undefined when none is stored.
   */
  getSystemDocument(path: string): Promise<string | undefined>
  /** Stores (or, with `undefined`, removes) a server-wide document, durably. */
  putSystemDocument(path: string, document: string | undefined): Promise<void>
  /** The paths of server-wide documents that start with `prefix`, sorted. */
  listSystemDocuments(prefix: string): Promise<string[]>
  /** Bytes used by object data, for `info`. */
  usedBytes(): Promise<number>
  close(): Promise<void>
}
