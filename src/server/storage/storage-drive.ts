import type { Readable } from 'node:stream'

/**
 * The drive interface: what an erasure set calls on each of its drives (MinIO's `StorageAPI`,
 * beside the object layer, its `ObjectLayer`). A local drive implements it now
 * (`local-drive.ts`); in distributed mode another server's drive will, over the internal storage
 * API. So everything here crosses a process boundary well: plain data in and out (times as ms
 * since the epoch, the caller's metadata as an opaque string), streams for bytes, no callbacks.
 *
 * A drive knows nothing of erasure coding: it keeps buckets, records that pair a file of bytes
 * (an erasure shard file) with the caller's metadata, uploads and their parts, and small
 * documents. Failures are S3ServerErrors with a catalogued code for what the drive can answer
 * (NoSuchBucket, NoSuchKey, NoSuchUpload, BucketNotEmpty, BucketAlreadyOwnedByYou, InvalidPart,
 * XSiloStorageFull); any other error is the drive failing (I/O), which the erasure set counts
 * against its quorum and answers by re-checking the drive's health.
 *
 * The contract suite `test/server/storage/drive-contract.ts` runs against every implementation.
 */

/** A bucket as a drive holds it. */
export interface DriveBucket {
  name: string
  /** ms since the epoch. */
  created: number
  region: string
}

/** A drive's record of one object: its file of bytes and the metadata the writer gave. */
export interface DriveObject {
  key: string
  /** Bytes of the file (for erasure: a shard file, hashes included). */
  size: number
  /** As the writer handed it in (for erasure: the whole object's ETag). */
  etag: string
  /** When the record was committed, ms since the epoch. */
  modified: number
  /** The writer's metadata, as given; undefined for a record no writer of this interface made. */
  meta?: string
  /**
   * Versioned records (issue 14): the version's ID (`'null'` for the null version), its order
   * token (DriveVersion.order), whether it is a delete marker (a record without a file: size 0,
   * etag ''), and in version listings whether it is the key's latest. All absent on a record
   * written without `version` (an unversioned bucket's).
   */
  versionId?: string
  order?: string
  deleteMarker?: boolean
  isLatest?: boolean
}

/**
 * How a versioned record joins the versions of its key on a drive. The caller makes both tokens
 * (common/version-id.ts) and hands the same ones to every drive, so drives order versions alike.
 *
 * One rule for every versioned write (new version, null version, heal): a record with the same
 * version ID is replaced wherever it is among the key's versions (its file removed); the record
 * then takes its place by `order` (smaller = newer), and the one with the smallest order is the
 * latest. So a versioned PUT is `{ id: token, order: token }`, a PUT under Suspended is
 * `{ id: 'null', order: fresh token }` (it replaces the null version and becomes the latest), and
 * heal writes a version with the ID and order another drive lists for it.
 *
 * A record already on the drive without an order (written unversioned) counts as the null version
 * with the order `legacyVersionToken(modified)`.
 */
export interface DriveVersion {
  /** A version ID (32 hex digits) or `'null'`. */
  id: string
  /** Order token, 32 hex digits. */
  order: string
}

/** An object's record and the bytes of a range of its file. */
export interface DriveRead {
  object: DriveObject
  /** The bytes, when the drive holds them in memory (small files)... */
  data?: Uint8Array
  /** ...else a stream of them (a local drive's may also be {@link ReadsInto}). */
  body?: Readable
}

/** Inclusive byte range of a file. */
export interface DriveRange {
  start: number
  end: number
}

/** One page of a bucket's records, as S3's ListObjects pages keys (UTF-8 byte order). */
export interface DriveListInput {
  bucket: string
  prefix?: string
  delimiter?: string
  /** Exclusive: records (and common prefixes) strictly after this key. */
  startAfter?: string
  /** 0..1000, default 1000. */
  maxKeys?: number
  /**
   * List keys whose latest version is a delete marker too (their marker's record): the erasure
   * set needs them to agree on what is latest. Default false: such keys are left out.
   */
  withDeleteMarkers?: boolean
}

export interface DriveListResult {
  objects: DriveObject[]
  commonPrefixes: string[]
  isTruncated: boolean
  /** The last key or common prefix returned, when truncated. */
  nextStartAfter?: string
}

/**
 * Where a shard file being written goes once committed: an object's record, or a part of an
 * upload in progress.
 */
export interface ShardPlace {
  bucket: string
  key: string
  part?: { uploadId: string; partNumber: number }
}

/**
 * A writeShard body that can hand over all its bytes without being pulled, once it has them (the
 * erasure set's shard feeds can): a drive that ships a small shard in one message (the remote
 * drive) asks for them first, and pulls the body as any other when they are too many.
 */
export interface WholeShardBody extends AsyncIterable<Uint8Array> {
  /**
   * Every chunk of the body once it ended, when they come to at most `limit` bytes; undefined
   * as soon as they will not (or the body failed, or waiting would hold its producer up). Pulls
   * nothing: a write refused after it still pulled no byte.
   */
  whole(limit: number): Promise<Uint8Array[] | undefined>
}

/**
 * A writeShard body that lends its chunks: their memory is the caller's again once the drive
 * says it is done with them, and the caller (an erasure write) then fills it with the next
 * blocks instead of allocating new ones. A drive that never calls `release` is still correct:
 * the caller then allocates as it would for any other body.
 */
export interface LentShardBody extends AsyncIterable<Uint8Array> {
  /** The drive no longer needs any chunk it took from the body so far (written, or copied). */
  release(): void
}

/**
 * A readShard body that reads into the caller's memory instead of handing out fresh chunks (a
 * local drive's file): an erasure read fills its pooled buffers with it.
 */
export interface ReadsInto {
  /** Reads the next bytes into `into`, at most its length; resolves with how many, 0 at the end. */
  readInto(into: Uint8Array): Promise<number>
}

/** A shard file the drive holds, received and synced, that nothing refers to yet. */
export interface StagedShard {
  /** Names it for commitShard / discardShard. */
  id: string
  size: number
}

/** What a committed record keeps besides the file. */
export interface ShardRecord {
  etag: string
  meta: string
  /** A versioned write: how the record joins its key's versions (absent: replaces the record). */
  version?: DriveVersion
}

/** A page of a bucket's versions (ListObjectVersions' paging, as ListObjectVersionsInput). */
export interface DriveVersionsInput {
  bucket: string
  prefix?: string
  delimiter?: string
  keyMarker?: string
  versionIdMarker?: string
  /** 0..1000, default 1000. */
  maxKeys?: number
}

export interface DriveVersionsResult {
  /** Keys in UTF-8 byte order, a key's versions by order (newest first), markers included. */
  versions: DriveObject[]
  commonPrefixes: string[]
  isTruncated: boolean
  nextKeyMarker?: string
  nextVersionIdMarker?: string
}

/** An upload in progress on a drive. */
export interface DriveUpload {
  key: string
  uploadId: string
  /** ms since the epoch. */
  initiated: number
  /** The metadata given when the upload was created. */
  meta?: string
}

/** One part of an upload on a drive. */
export interface DrivePart {
  partNumber: number
  etag: string
  size: number
  /** ms since the epoch. */
  modified: number
  meta?: string
}

export interface DrivePartsInput {
  bucket: string
  key: string
  uploadId: string
  /** Exclusive: parts numbered above this. */
  partNumberMarker?: number
  /** 0..1000, default 1000 (0 reads just the upload). */
  maxParts?: number
}

export interface DrivePartsResult {
  upload: DriveUpload
  parts: DrivePart[]
  isTruncated: boolean
  nextPartNumberMarker?: number
}

export interface DriveUploadsInput {
  bucket: string
  prefix?: string
  delimiter?: string
  keyMarker?: string
  uploadIdMarker?: string
  /** 0..1000, default 1000. */
  maxUploads?: number
}

export interface DriveUploadsResult {
  /** By key (UTF-8 byte order), then by initiation. */
  uploads: DriveUpload[]
  commonPrefixes: string[]
  isTruncated: boolean
  nextKeyMarker?: string
  nextUploadIdMarker?: string
}

/** A drive that is open: the calls an erasure set makes on it. */
export interface StorageDrive {
  /** Every bucket, by name. */
  listBuckets(): Promise<DriveBucket[]>
  /** NoSuchBucket when absent. */
  getBucket(name: string): Promise<DriveBucket>
  /** BucketAlreadyOwnedByYou when present. */
  createBucket(name: string, region: string): Promise<DriveBucket>
  /**
   * NoSuchBucket when absent, BucketNotEmpty while it holds a record (a version or delete marker
   * too); its documents and uploads
   * in progress (with their parts) go with it.
   */
  deleteBucket(name: string): Promise<void>

  /**
   * The record of `bucket/key`: NoSuchKey, or NoSuchBucket when the bucket is absent. With
   * `versionId` that version's record (NoSuchVersion when the drive lacks it); without, the
   * latest, which may be a delete marker (`deleteMarker: true`): the caller decides the answer.
   */
  readObject(bucket: string, key: string, versionId?: string): Promise<DriveObject>
  /**
   * The record and the bytes `range` of its file, opened before the call returns (a record
   * replaced meanwhile does not take them away). NoSuchKey / NoSuchBucket / NoSuchVersion as
   * readObject; a delete marker (latest or by ID) has no file: MethodNotAllowed.
   */
  readShard(bucket: string, key: string, range: DriveRange, versionId?: string): Promise<DriveRead>
  /**
   * Removes the record and its file; a missing key succeeds, a missing bucket is NoSuchBucket.
   * With `versionId`, exactly that version or delete marker (a missing one succeeds); when it was
   * the latest, the next by order becomes the latest. Without, the latest record, as before
   * versioning (the caller writes delete markers with putDeleteMarker).
   */
  deleteObject(bucket: string, key: string, versionId?: string): Promise<void>
  /**
   * Writes a delete marker (a record without a file) as a version of `bucket/key`, by
   * DriveVersion's rule (a null marker replaces the null version and its file). `modified` is the
   * marker's Last-Modified, the same on every drive. NoSuchBucket.
   */
  putDeleteMarker(input: {
    bucket: string
    key: string
    version: DriveVersion
    modified: number
    meta?: string
  }): Promise<void>
  /**
   * Replaces one record's metadata (`versionId` absent: the latest's) without touching its file,
   * ETag or Last-Modified; only while it is still `ifMeta` (else InternalError: it changed since
   * the caller read it). NoSuchKey / NoSuchVersion / NoSuchBucket; a delete marker is
   * MethodNotAllowed.
   */
  updateObjectMeta(input: {
    bucket: string
    key: string
    versionId?: string
    ifMeta: string
    meta: string
  }): Promise<void>
  /** A page of the bucket's versions and delete markers; NoSuchBucket. */
  listObjectVersions(input: DriveVersionsInput): Promise<DriveVersionsResult>
  /** NoSuchBucket when the bucket is absent. */
  listObjects(input: DriveListInput): Promise<DriveListResult>

  /**
   * Sets aside room for `bytes` of new files, or rejects with 507 XSiloStorageFull when the drive
   * would keep less than its free-space reserve; resolves with the reservation, to release once
   * the write settled. The erasure set asks every drive before it reads a body.
   */
  reserveSpace(bytes: number): Promise<string>
  /** Gives back a reservation (an unknown one is ignored). */
  releaseSpace(reservation: string): Promise<void>
  /**
   * Receives a shard file for `place` and syncs it, but makes nothing visible: the caller commits
   * it (or discards it) once enough drives hold theirs. Fails before a byte is read when the
   * bucket is absent (NoSuchBucket), or for a part when the upload is (NoSuchUpload) or the part
   * number is out of range (InvalidArgument); a drive short of room fails with 507. `reservation`
   * names room the caller set aside on this drive for the file (reserveSpace, not yet released):
   * the drive then does not look at its free space again (an unknown one counts as none).
   */
  writeShard(place: ShardPlace, body: AsyncIterable<Uint8Array>, reservation?: string): Promise<StagedShard>
  /**
   * Makes a staged shard file the record of its place, in one commit: an object's record replaces
   * the previous one (whose file is then removed), or with `record.version` joins the key's
   * versions by DriveVersion's rule; a part replaces the part of that number (`version` ignored).
   * NoSuchBucket (NoSuchUpload for a part) when the place went away meanwhile: the file is
   * removed and nothing changes. An unknown id is an error (not an S3 answer).
   */
  commitShard(id: string, record: ShardRecord): Promise<void>
  /** Removes a staged shard file (an unknown or committed id is ignored). */
  discardShard(id: string): Promise<void>
  /**
   * Records `bucket/key` with the file of `sourceBucket/sourceKey`, shared (a hard link, no byte
   * copied), and `meta`; only while the source's metadata is still `ifMeta` (else an
   * InternalError: the source changed since the caller read it). NoSuchKey / NoSuchBucket for a
   * missing source, NoSuchBucket for a missing target bucket.
   */
  linkShard(input: {
    sourceBucket: string
    sourceKey: string
    /** The source's version (absent: its latest); NoSuchVersion, MethodNotAllowed for a marker. */
    sourceVersionId?: string
    bucket: string
    key: string
    ifMeta: string
    meta: string
    /** The copy as a version of the target (absent: replaces its record). */
    version?: DriveVersion
  }): Promise<void>

  /** Records an upload under `uploadId` (one of common/upload-id.ts); NoSuchBucket. */
  createUpload(input: { bucket: string; key: string; uploadId: string; meta: string }): Promise<DriveUpload>
  /** Removes the upload and its parts; NoSuchUpload when it is not in progress. */
  abortUpload(bucket: string, key: string, uploadId: string): Promise<void>
  /** The upload and a page of its parts; NoSuchUpload (NoSuchBucket when the bucket is absent). */
  listParts(input: DrivePartsInput): Promise<DrivePartsResult>
  /** NoSuchBucket when the bucket is absent. */
  listUploads(input: DriveUploadsInput): Promise<DriveUploadsResult>
  /**
   * Makes the named parts, in order, the record of `bucket/key` with `meta`, without copying,
   * in one commit (the upload goes, unnamed parts are removed). NoSuchUpload, or InvalidPart for
   * a part the drive lacks or whose ETag differs: nothing changes. The record's ETag is S3's
   * `md5(part md5s)-N` of the parts' ETags. Part sizes are not checked (the caller knows the
   * sizes of the parts its shards come from).
   */
  completeUpload(input: {
    bucket: string
    key: string
    uploadId: string
    parts: Array<{ partNumber: number; etag: string }>
    meta: string
    /** The object as a version of its key (absent: replaces its record). */
    version?: DriveVersion
  }): Promise<void>

  /** A bucket's document by name, or undefined; NoSuchBucket. */
  getBucketDocument(bucket: string, name: string): Promise<string | undefined>
  /** Stores (or, with undefined, removes) a bucket's document; NoSuchBucket. */
  putBucketDocument(bucket: string, name: string, document: string | undefined): Promise<void>
  /** The names of a bucket's documents, sorted; NoSuchBucket. */
  listBucketDocuments(bucket: string): Promise<string[]>
  /** A server-wide document by path, or undefined. */
  getSystemDocument(path: string): Promise<string | undefined>
  /** Stores (or, with undefined, removes) a server-wide document. */
  putSystemDocument(path: string, document: string | undefined): Promise<void>
  /** The paths of server-wide documents starting with `prefix`, sorted. */
  listSystemDocuments(prefix: string): Promise<string[]>

  /** Bytes of the records' files (noncurrent versions' included). */
  usedBytes(): Promise<number>
  /** Closes the drive; staged shard files not committed are dropped. */
  close(): Promise<void>
}

/**
 * A drive's format.json, in `<drive>/.silo.sys/`: which deployment the drive belongs to, which
 * drive of the set it is, and the set's drive UUIDs in command-line order (MinIO's format.json
 * with `xl` renamed). A drive without one is `missing` (new or wiped) until heal formats it.
 */
export interface DriveFormat {
  version: '1'
  format: 'silo-erasure'
  /** Deployment UUID, the same on every drive. */
  id: string
  erasure: {
    /** This drive's UUID. */
    this: string
    /** One set: every drive's UUID in order. */
    sets: string[][]
    distributionAlgo: 'CRCMOD'
  }
}

/** What a drive's format.json holds: the format, none (missing), or something unreadable. */
export type FormatReading =
  | { kind: 'ok'; format: DriveFormat }
  | { kind: 'missing' }
  | { kind: 'corrupt'; reason: string }
  | { kind: 'offline'; reason: string }

/**
 * A drive as the erasure set reaches it whether or not it is usable: its folder, its
 * format.json, and the store opened on it once it is formatted. The set judges a drive's health
 * with these calls (a folder gone is offline, a format.json gone is missing...).
 */
export interface DriveLocation {
  /** Where the drive is (a folder here), for messages and drive status. */
  readonly endpoint: string
  /** Why the drive's folder cannot be reached (offline), or undefined when it is there. */
  probe(): Promise<string | undefined>
  /**
   * What identifies format.json's current file (a new one means reading it again), or undefined
   * when there is none or it cannot be looked at. One stat: writes ask just before they commit.
   */
  formatStamp(): Promise<string | undefined>
  readFormat(): Promise<FormatReading>
  /**
   * Writes format.json durably. The drive folder must exist: nothing below it is made with a
   * recursive mkdir, so a folder that vanished (an unmounted disk) fails here.
   */
  writeFormat(format: DriveFormat): Promise<void>
  /** Makes the drive folder: only for a new deployment (see DriveSet.open). */
  createFolder(): Promise<void>
  /** Opens the drive's store (creating it in an empty folder). */
  open(): Promise<StorageDrive>
}
