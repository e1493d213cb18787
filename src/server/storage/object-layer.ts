import type { Readable } from 'node:stream'
import type { Drainable } from '../response/drained.js'
import type { StorageClass } from './common/storage-class.js'
import type { WriteCondition } from './common/write-condition.js'
import type { ErasureLayout, Healer } from './heal-types.js'

/**
 * The object layer: what the S3 handlers, the admin API, IAM and bucket events call (MinIO's
 * `ObjectLayer`). The single drive (`openSingleDrive`), the erasure set (`openErasure`) and
 * several erasure sets (`openErasureSets`, each an erasure set) implement it; an erasure set reaches each of its drives through the other interface, the drive
 * interface (storage-drive.ts). One contract suite (test/server/storage/contract.ts) runs against
 * each implementation.
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

/** Server-side encryption asked for on a write. SSE-C keys are 32 raw bytes; keyMd5 is base64 of their MD5. */
export type EncryptionRequest = { kind: 'SSE-S3' } | { kind: 'SSE-C'; key: Uint8Array; keyMd5: string }

/** The customer key that reads (or, for a copy source, was written with) an SSE-C object. */
export interface CustomerKey {
  key: Uint8Array
  keyMd5: string
}

/** How a stored object is encrypted, as HEAD/GET/listings report it (never the key). */
export interface ObjectEncryption {
  kind: 'SSE-S3' | 'SSE-C'
  keyMd5?: string
}

/**
 * Options of a read (getObject / headObject). `customerKey` is the SSE-C key from the request:
 * required for an SSE-C object (InvalidRequest without it, AccessDenied when wrong), refused
 * with InvalidRequest for an object that is not SSE-C.
 */
export interface ReadOptions {
  customerKey?: CustomerKey
  /**
   * headObject only: a metadata lookup (a version's tags for GetObjectTagging or a policy's
   * `s3:ExistingObjectTag`) that, as headObject without options, needs no SSE-C key: the SSE-C
   * rules do not apply and `customerKey` is ignored.
   */
  metadataLookup?: boolean
  /**
   * The version to read (`'null'` for the null version); absent: the latest. An unknown ID is
   * NoSuchVersion, a malformed one InvalidArgument, one naming a delete marker 405
   * MethodNotAllowed; without an ID, a latest version that is a delete marker is NoSuchKey. The
   * delete-marker answers carry `x-amz-delete-marker: true` and `x-amz-version-id` in
   * S3ServerError.headers (common/version-errors.ts).
   */
  versionId?: string
}

/**
 * A bucket's versioning state as a write sees it (issue 14). The handler reads it from the
 * bucket's versioning document on every request and passes it (undefined: the bucket never had
 * versioning):
 * - `Enabled`: the write makes a new version with a new, unique version ID (common/version-id.ts);
 *   the versions before it stay, noncurrent;
 * - `Suspended`: the write replaces the null version (`versionId: 'null'`), and only it;
 * - undefined: one object per key, as before versioning existed.
 */
export type VersioningState = 'Enabled' | 'Suspended'

/** Options of deleteObject. */
export interface DeleteObjectOptions {
  /**
   * Removes exactly this version or delete marker (`'null'`: the null version); a version the key
   * does not have succeeds (nothing removed), a malformed ID is InvalidArgument. When it is the
   * latest, the next newest becomes the latest.
   */
  versionId?: string
  /**
   * Without versionId: `Enabled` writes a delete marker as the new latest version (new version
   * ID; the object's versions stay); `Suspended` removes the null version and writes a null delete
   * marker as the latest; undefined removes the object (as before versioning).
   */
  versioning?: VersioningState
  /**
   * Called under the key's lock with the version about to be removed (not for a marker being
   * added): throw (AccessDenied for a locked version...) to refuse; nothing changes.
   */
  check?: (current: ObjectInfo) => void
}

/** What deleteObject did: the version it removed or the delete marker it wrote. */
export interface DeleteObjectResult {
  /** The version removed or the marker written (`x-amz-version-id`); absent when unversioned. */
  versionId?: string
  /** The marker written, or a marker removed by its ID (`x-amz-delete-marker: true`). */
  deleteMarker?: boolean
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
  /**
   * Sizes of the parts of a multipart object, in order; set by headObject / getObject (for
   * GetObject's `partNumber`), absent for single-part objects and in listings.
   */
  partSizes?: number[]
  /** With partSizes, when the parts had flexible checksums: each part's (by header name). */
  partChecksums?: Array<Record<string, string>>
  /**
   * With partSizes, where the backend keeps them (erasure): each part's ETag, so that a copy
   * into another erasure set, made of the same parts, keeps the source's ETag.
   */
  partEtags?: string[]
  /**
   * The multipart upload whose completion made the object (absent otherwise, and on copies): a
   * CompleteMultipartUpload retried after it succeeded is recognised by it (issue 19).
   */
  uploadId?: string
  /** Set when the object is stored encrypted (the encrypting layer reports it; never the key). */
  encryption?: ObjectEncryption
  /**
   * The version's ID: a 32-hex-digit ID (common/version-id.ts) or `'null'` (the null version).
   * Undefined for an object written while its bucket never had versioning, which is the null
   * version once versioning is enabled (listObjectVersions reports it as `'null'`).
   */
  versionId?: string
  /** A delete marker (listObjectVersions only: the other calls never return one). */
  deleteMarker?: boolean
  /** listObjectVersions: whether this is the key's latest version. */
  isLatest?: boolean
}

export interface PutObjectInput {
  bucket: string
  key: string
  body: Readable | AsyncIterable<Uint8Array>
  /** Declared length; when set, a body of any other length fails with IncompleteBody and stores nothing. */
  size?: number
  contentType?: string
  /** Stored response headers (`x-amz-meta-*`, cache-control...), see ObjectInfo.headers. */
  headers?: Record<string, string>
  /**
   * More stored headers, asked for once the body has ended and before the commit: a flexible
   * checksum (`x-amz-checksum-*`) is known only then when it comes in the aws-chunked trailer.
   */
  trailingHeaders?: () => Record<string, string>
  /** Base64 Content-MD5 from the request; a mismatch fails with BadDigest and stores nothing. */
  contentMd5?: string
  /** Aborts the write; nothing is stored. */
  signal?: AbortSignal
  /** Conditional write: checked where the write commits (PreconditionFailed, nothing stored). */
  condition?: WriteCondition
  /**
   * The ETag to store, asked for once the body has ended, instead of the MD5 of the stored
   * bytes (which is then not computed unless `contentMd5` asks for it). The encrypting layer's:
   * the stored bytes are ciphertext, the ETag is the one clients see (conditional writes and
   * listings then compare and show it).
   */
  etag?: () => string
  /** Server-side encryption to store the object with (handled by the encrypting layer). */
  encryption?: EncryptionRequest
  /** The bucket's versioning state, read by the handler for this request (see VersioningState). */
  versioning?: VersioningState
  /**
   * A bucket event to store in the same metadata commit as the object, on a backend with an
   * `eventOutbox` (others ignore it: `committed` is then never called). See OutboxEntry.
   */
  outbox?: OutboxEntry
}

/**
 * An event written atomically with the write that makes it (docs/events.md, "The outbox"): the
 * entry exists if and only if the object's commit happened, and costs that commit no sync of
 * its own. The events service moves it to its targets' queues after the commit.
 */
export interface OutboxEntry {
  /**
   * The entry's bytes, made from the object as the commit will store it (what `putObject`
   * returns); `undefined` stores no entry (`committed` is still called).
   */
  encode(info: ObjectInfo): string | undefined
  /**
   * Called once the commit is durable, synchronously and in commit order (so entries reach
   * each queue in id order), with the stored entry's id. Never called when the write fails or
   * is refused. It must not throw.
   */
  committed(id: number | undefined): void
}

/** A backend's store of committed event entries not yet in their queues (see OutboxEntry). */
export interface EventOutbox {
  /** The entries still held, oldest (lowest id) first: after a crash, those not yet queued. */
  list(): { id: number; data: string }[]
  /** Forgets an entry whose event is in its queues; written with a later commit (at the latest on close). */
  release(id: number): void
}

/** Inclusive byte range, already validated against the object's size by the caller. */
export interface ByteRange {
  start: number
  end: number
}

/** Where a body that sends itself writes: an HTTP response (node:http's ServerResponse fits). */
export interface BodySink extends Drainable {
  readonly destroyed: boolean
  write(chunk: Uint8Array, callback: (error?: Error | null) => void): boolean
  end(): void
}

/**
 * A body that can write itself to a response more cheaply than being piped (the single drive's
 * data files: reused read buffers), as long as nothing read it as a stream yet.
 */
export interface SendsItself {
  readonly canSendItself: boolean
  /** Writes every byte to `out` and ends it; rejects when reading fails. */
  sendTo(out: BodySink): Promise<void>
}

/** Whether `body` can {@link SendsItself send itself} now. */
export function canSendItself(body: object): body is SendsItself {
  return (body as Partial<SendsItself>).canSendItself === true
}

export interface GetObjectResult {
  info: ObjectInfo
  /** The whole object, or just `range` when one was given (it may also {@link SendsItself}). */
  body: Readable
  /**
   * The same bytes as `body` when the backend already holds them in memory (small objects):
   * the HTTP layer may send them directly and leave `body` untouched.
   */
  data?: Uint8Array
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

/** Metadata given when an upload starts; the completed object gets it. */
export interface CreateMultipartUploadInput {
  bucket: string
  key: string
  contentType?: string
  headers?: Record<string, string>
  /** Server-side encryption of the completed object (handled by the encrypting layer). */
  encryption?: EncryptionRequest
}

/** One part of an upload. Part numbers are 1..10,000; a part is at most 5 GiB. */
export interface UploadPartInput {
  bucket: string
  key: string
  uploadId: string
  partNumber: number
  body: Readable | AsyncIterable<Uint8Array>
  /** Declared length (IncompleteBody on any other). */
  size?: number
  /** Base64 Content-MD5; a mismatch is BadDigest and stores nothing. */
  contentMd5?: string
  /**
   * The part's verified flexible checksum (`{ 'x-amz-checksum-crc32': 'b64' }`), asked for once
   * the body has ended (a trailer's value is known only then); stored with the part.
   */
  trailingHeaders?: () => Record<string, string>
  signal?: AbortSignal
  /** The part's ETag, as PutObjectInput.etag (the encrypting layer's). */
  etag?: () => string
  /**
   * SSE-C uploads: the customer key, required on every part (InvalidRequest without it,
   * AccessDenied when it differs from the key the upload was created with).
   */
  customerKey?: CustomerKey
}

/** An uploaded part. */
export interface PartInfo {
  partNumber: number
  /** Hex MD5 of the part, without quotes. */
  etag: string
  size: number
  lastModified: Date
  /** The part's verified flexible checksum, as UploadPartInput.trailingHeaders gave it. */
  checksum?: Record<string, string>
}

/** The parts CompleteMultipartUpload names, in the client's order. */
export interface CompleteMultipartUploadInput {
  bucket: string
  key: string
  uploadId: string
  /** ETags with or without quotes. */
  parts: Array<{ partNumber: number; etag: string }>
  /** Conditional write: checked where the object commits; a failure leaves the upload as it was. */
  condition?: WriteCondition
  /**
   * The object's checksum headers (`x-amz-checksum-<algorithm>`, `x-amz-checksum-type`); they
   * replace the upload's `x-amz-checksum-*` headers (its requested algorithm) in the object.
   */
  checksumHeaders?: Record<string, string>
  /** The bucket's versioning state, read by the handler for this request (see VersioningState). */
  versioning?: VersioningState
}

export interface ListPartsInput {
  bucket: string
  key: string
  uploadId: string
  /** Exclusive: parts numbered above this. */
  partNumberMarker?: number
  /** 1..1000, default 1000. */
  maxParts?: number
}

export interface ListPartsResult {
  upload: UploadInfo
  parts: PartInfo[]
  isTruncated: boolean
  /** The last part number returned, when truncated. */
  nextPartNumberMarker?: number
}

/** An upload in progress. */
export interface UploadInfo {
  bucket: string
  key: string
  uploadId: string
  initiated: Date
  contentType: string
  headers: Record<string, string>
  /** Set when the upload's object will be stored encrypted (never the key). */
  encryption?: ObjectEncryption
}

export interface ListMultipartUploadsInput {
  bucket: string
  prefix?: string
  delimiter?: string
  /** Uploads of keys after this one; with `uploadIdMarker`, also this key's later uploads. */
  keyMarker?: string
  uploadIdMarker?: string
  /** 0..1000, default 1000. */
  maxUploads?: number
}

export interface ListMultipartUploadsResult {
  /** Sorted by key, then by initiation. */
  uploads: UploadInfo[]
  commonPrefixes: string[]
  isTruncated: boolean
  nextKeyMarker?: string
  nextUploadIdMarker?: string
}

/** A server-side copy. The source's bytes are shared, not duplicated, where the backend can. */
export interface CopyObjectInput {
  sourceBucket: string
  sourceKey: string
  /**
   * The source's version (`'null'`: its null version); absent: its latest. As ReadOptions.versionId:
   * NoSuchVersion, InvalidArgument, and a delete marker is 405 (by ID) or NoSuchKey (latest).
   */
  sourceVersionId?: string
  /** The destination bucket's versioning state (see VersioningState). */
  versioning?: VersioningState
  bucket: string
  key: string
  /**
   * New metadata (REPLACE); absent keeps the source's (COPY). Either way the source's
   * full-object checksum (`x-amz-checksum-*`) is kept: it describes the bytes.
   */
  metadata?: { contentType?: string; headers: Record<string, string> }
  /** The destination's storage class; absent: as the metadata (source's or new) says. */
  storageClass?: StorageClass
  /**
   * The destination's tags as stored headers (`x-amz-tagging-directive: REPLACE`; `{}` for no
   * tags); absent keeps the source's tags, whichever the metadata directive.
   */
  tags?: Record<string, string>
  /**
   * The destination's object-lock records as stored headers (`x-silo-internal-lock-*`: the
   * request's lock headers or the bucket's default retention); the source's are never copied.
   */
  objectLock?: Record<string, string>
  /**
   * The destination's full-object checksum computed for the copy (CopyObject's
   * `x-amz-checksum-algorithm`: `{ 'x-amz-checksum-sha256': 'b64' }`); replaces the source's.
   */
  checksum?: Record<string, string>
  /**
   * Called with the source as read, before anything is written: throw (PreconditionFailed,
   * InvalidRequest...) to refuse the copy.
   */
  check?: (source: ObjectInfo) => void
  /** Conditional write on the destination, checked where the copy commits (as PutObject's). */
  condition?: WriteCondition
  /** Server-side encryption of the destination; absent stores it unencrypted. */
  encryption?: EncryptionRequest
  /** The SSE-C key the source was written with (required when the source is SSE-C). */
  sourceCustomerKey?: CustomerKey
}

/**
 * UploadPartCopy: a part of an upload made of (a range of) an existing object. The part's ETag
 * is the MD5 of the copied bytes; when the upload was created with a checksum algorithm
 * (`x-amz-checksum-algorithm`), the part stores that checksum of the copied bytes too.
 */
export interface UploadPartCopyInput {
  sourceBucket: string
  sourceKey: string
  /** The source's version, as CopyObjectInput.sourceVersionId. */
  sourceVersionId?: string
  /** The bytes of the source to copy, already validated against its size; absent: all of them. */
  range?: ByteRange
  bucket: string
  key: string
  uploadId: string
  partNumber: number
  /**
   * Called with the source as read, before anything is written: throw (PreconditionFailed...)
   * to refuse the copy.
   */
  check?: (source: ObjectInfo) => void
  /** The SSE-C key the source was written with (required when the source is SSE-C). */
  sourceCustomerKey?: CustomerKey
  /** SSE-C uploads: the upload's customer key (as UploadPartInput.customerKey). */
  customerKey?: CustomerKey
  signal?: AbortSignal
}

/**
 * One page of ListObjectVersions. Paging is S3's: `keyMarker` alone starts after every version
 * of that key; with `versionIdMarker` (`'null'` allowed), after that version of it.
 */
export interface ListObjectVersionsInput {
  bucket: string
  prefix?: string
  delimiter?: string
  keyMarker?: string
  versionIdMarker?: string
  /** 0..1000, default 1000: versions, delete markers and common prefixes count alike. */
  maxKeys?: number
}

export interface ListObjectVersionsResult {
  /** Versions and delete markers (`deleteMarker`), each with `versionId` and `isLatest`. */
  versions: ObjectInfo[]
  commonPrefixes: string[]
  isTruncated: boolean
  /** When truncated: the last key (or common prefix) returned... */
  nextKeyMarker?: string
  /** ...and, when it was a version, its ID. */
  nextVersionIdMarker?: string
}

/** What S3 requests, the admin API, IAM and bucket events do with storage. */
export interface ObjectLayer {
  /** Backend kind as `info` reports it ('FS' for one drive, 'Erasure' for several). */
  readonly kind: string
  listBuckets(): Promise<BucketInfo[]>
  createBucket(name: string, region: string): Promise<BucketInfo>
  getBucket(name: string): Promise<BucketInfo>
  deleteBucket(name: string): Promise<void>
  putObject(input: PutObjectInput): Promise<ObjectInfo>
  /** `options.customerKey`: see ReadOptions (the rules apply with or without `options`). */
  getObject(bucket: string, key: string, range?: ByteRange, options?: ReadOptions): Promise<GetObjectResult>
  /**
   * With `options` (a client's HEAD, even `{ customerKey: undefined }`), ReadOptions' SSE-C
   * rules apply; without, it is a metadata lookup (authorization, ACLs) that needs no key.
   */
  headObject(bucket: string, key: string, options?: ReadOptions): Promise<ObjectInfo>
  /**
   * Deleting a missing key succeeds (S3 semantics); a missing bucket is NoSuchBucket. See
   * DeleteObjectOptions for versions and delete markers. Resolves with what was removed or
   * written (`{}` for an unversioned delete).
   */
  deleteObject(bucket: string, key: string, options?: DeleteObjectOptions): Promise<DeleteObjectResult>
  /**
   * Keys in UTF-8 byte order with their latest version's info; a key whose latest version is a
   * delete marker is not listed.
   */
  listObjects(input: ListObjectsInput): Promise<ListObjectsResult>
  /**
   * ListObjectVersions: every version and delete marker, keys in UTF-8 byte order, a key's
   * versions newest first. NoSuchBucket. Optional until every backend has it (the erasure set's
   * lands with issue 14's versioning-erasure); the handler answers NotImplemented without it.
   */
  listObjectVersions?(input: ListObjectVersionsInput): Promise<ListObjectVersionsResult>
  /**
   * Atomically rewrites one version's stored headers (`versionId` absent: the latest) without
   * touching its bytes, ETag or Last-Modified: `update` gets a copy of the stored headers
   * (internal ones included) under the key's lock and returns the new set. Tagging, retention
   * and legal hold keep their values in internal headers (`x-silo-internal-*`) through it.
   * Resolves with the version's new info. NoSuchKey (a latest delete marker too), NoSuchVersion,
   * 405 MethodNotAllowed for a delete marker named by ID; what `update` throws, unchanged.
   * Optional until every backend has it (as listObjectVersions).
   */
  updateObjectMetadata?(
    bucket: string,
    key: string,
    versionId: string | undefined,
    update: (headers: Record<string, string>) => Record<string, string>,
  ): Promise<ObjectInfo>
  /** Copies an object (NoSuchKey / NoSuchBucket for a missing source or target bucket). */
  copyObject(input: CopyObjectInput): Promise<ObjectInfo>
  /** Starts a multipart upload and returns its ID. */
  createMultipartUpload(input: CreateMultipartUploadInput): Promise<UploadInfo>
  /** Stores (or replaces) one part; NoSuchUpload when the upload is not in progress. */
  uploadPart(input: UploadPartInput): Promise<PartInfo>
  /**
   * Stores (or replaces) one part copied from an object, sharing the source's bytes where the
   * backend can (one drive: a hard link of a data file). Optional: without it (or for what it
   * cannot share) the caller reads the source and uploads the part
   * (common/upload-part-copy-by-reading.ts). NoSuchKey / NoSuchUpload / NoSuchBucket.
   */
  uploadPartCopy?(input: UploadPartCopyInput): Promise<PartInfo>
  /**
   * Makes the named parts the object, atomically (a crash leaves either the upload or the
   * object). InvalidPart (unknown part or ETag mismatch), InvalidPartOrder, EntityTooSmall
   * (a part other than the last under 5 MiB), MalformedXML (no parts), EntityTooLarge (past
   * 5 TB) leave the upload as it was. Unnamed parts are discarded.
   */
  completeMultipartUpload(input: CompleteMultipartUploadInput): Promise<ObjectInfo>
  /** Discards an upload and its parts; NoSuchUpload when it is not in progress. */
  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void>
  listParts(input: ListPartsInput): Promise<ListPartsResult>
  listMultipartUploads(input: ListMultipartUploadsInput): Promise<ListMultipartUploadsResult>
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
  /**
   * Erasure-coded backends: the heal steps a heal sequence runs (absent on one drive, which has
   * nothing to heal from).
   */
  readonly healer?: Healer
  /** Erasure-coded backends: drives and data/parity, for `info`. */
  layout?(): Promise<ErasureLayout>
  /** Backends that store bucket events with the object's commit (one drive): see OutboxEntry. */
  readonly eventOutbox?: EventOutbox
  /**
   * Erasure-coded backends: the parity of the storage classes from the server configuration
   * (undefined: the default, or what env/options set, which win). Throws RangeError naming the
   * class when the drives cannot give it; with `dryRun` it only checks.
   */
  setStorageClasses?(classes: { standard?: number; reduced?: number }, options?: { dryRun?: boolean }): void
  close(): Promise<void>
}
