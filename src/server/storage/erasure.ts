import { resolve } from 'node:path'
import { uploadPartCopyByReading } from './common/upload-part-copy-by-reading.js'
import { type BitrotAlgorithm, NEW_BITROT } from './erasure/bitrot.js'
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  removeBucket,
} from './erasure/buckets.js'
import type { ErasureContext } from './erasure/context.js'
import { deleteObject } from './erasure/delete-object.js'
import { DocumentCache } from './erasure/document-cache.js'
import {
  getBucketDocument,
  getSystemDocument,
  listSystemDocuments,
  putBucketDocument,
  putSystemDocument,
} from './erasure/documents.js'
import { checkDriveList, chooseSetDriveCount } from './erasure/drive-list.js'
import { DriveSet } from './erasure/drive-set.js'
import { createHealer } from './erasure/heal.js'
import { KeyLocks, type NamedLocks } from './erasure/key-locks.js'
import { listObjects } from './erasure/listing.js'
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listMultipartUploads,
  listParts,
  uploadPart,
} from './erasure/multipart.js'
import { copyObject, getObject, headObject, putObject } from './erasure/objects.js'
import { BLOCK_SIZE, parseStorageClassParity, resolveStorageClasses } from './erasure/params.js'
import { updateObjectMetadata } from './erasure/update-metadata.js'
import { listObjectVersions } from './erasure/version-listing.js'
import { localDriveLocation } from './local-drive.js'
import type { ObjectLayer } from './object-layer.js'
import type { DriveLocation } from './storage-drive.js'

/** Options of {@link openErasure}. */
export interface ErasureOptions {
  /** fsync shard files and metadata before acknowledging (as the single drive). Default true. */
  fsync?: boolean
  /** STANDARD parity; default env SILO_STORAGE_CLASS_STANDARD (`EC:<p>`), else half the drives. */
  standardParity?: number
  /** REDUCED_REDUNDANCY parity; default env SILO_STORAGE_CLASS_RRS (`EC:<p>`), else 2. */
  reducedParity?: number
  /**
   * Re-check drive health at most this often; default env SILO_DRIVE_CHECK_MS, else 1000 ms. An
   * operation that sees a drive fail makes the next one check at once.
   */
  driveCheckIntervalMs?: number
  /** Bytes per erasure block (default 1 MiB); for tests. */
  blockSize?: number
  /**
   * The bitrot hash new writes put before each shard block (default CRC-32); for tests, which
   * write SHA-256 objects as every write did before issue 18. Objects keep the hash they were
   * written with: reads and heal follow each object's metadata.
   */
  bitrot?: BitrotAlgorithm
  /**
   * Reaches the drive named `endpoint` (default: a folder of this machine). Distributed mode
   * gives another server's drives through the internal storage API; the names are then not
   * checked as folders.
   */
  connect?: (endpoint: string) => DriveLocation
  /** The object, upload and bucket locks (default: in this process; distributed mode: etcd's slots). */
  locks?: NamedLocks
}

/**
 * Opens (formatting fresh drives) an erasure-coded backend over `dirs`: every object is cut into
 * 1 MiB blocks, each block into data and parity shards spread over the drives, each shard block
 * stored with its bitrot hash (CRC-32; SHA-256 in objects written before issue 18). Up to `parity` drives may be lost for reads; writes need
 * `data` (or `data + 1` when data equals parity). See docs/storage.md#erasure-coding.
 *
 * @example
 * const storage = await openErasure(['/mnt/d1', '/mnt/d2', '/mnt/d3', '/mnt/d4'])
 */
export async function openErasure(dirs: string[], options: ErasureOptions = {}): Promise<ObjectLayer> {
  return (await openErasureSet(dirs, options)).layer
}

/**
 * One erasure set as openErasureSets (erasure-sets.ts) composes several: its object layer, and
 * DeleteBucket's two steps for a caller that holds the bucket's gate (bucketLockNameOf,
 * exclusively) across every set, so that no set deletes the bucket before all are found empty.
 */
export interface ErasureSet {
  layer: ObjectLayer
  /**
   * DeleteBucket's checks, the caller holding the bucket's gate: NoSuchBucket, BucketNotEmpty
   * (any version or delete marker), 503; removes leftovers no read could return.
   */
  emptyBucket(name: string): Promise<void>
  /** Deletes the bucket, found empty under the gate the caller still holds, from the drives. */
  removeBucket(name: string): Promise<void>
}

/** Opens one erasure set (see openErasure) with the handles openErasureSets needs. */
export async function openErasureSet(dirs: string[], options: ErasureOptions = {}): Promise<ErasureSet> {
  if (!options.connect) checkDriveList(dirs)
  // One set: 4 to 16 drives, even (more drives are several sets: openErasureSets).
  chooseSetDriveCount(dirs.length, dirs.length)
  // Options, then env, win over the server configuration's `storageclass` (setStorageClasses).
  const fixedStandard =
    options.standardParity ??
    parseStorageClassParity(process.env.SILO_STORAGE_CLASS_STANDARD, 'SILO_STORAGE_CLASS_STANDARD')
  const fixedReduced =
    options.reducedParity ??
    parseStorageClassParity(process.env.SILO_STORAGE_CLASS_RRS, 'SILO_STORAGE_CLASS_RRS')
  const classesWith = (configured: { standard?: number; reduced?: number }) =>
    resolveStorageClasses(
      dirs.length,
      fixedStandard ?? configured.standard,
      fixedReduced ?? configured.reduced,
    )
  const classes = classesWith({})
  const envInterval = process.env.SILO_DRIVE_CHECK_MS
  const checkIntervalMs = options.driveCheckIntervalMs ?? (envInterval ? Number(envInterval) : 1000)
  if (!Number.isFinite(checkIntervalMs) || checkIntervalMs < 0) {
    throw new RangeError(`the drive check interval must be a number of ms >= 0, not ${envInterval}`)
  }
  const drive = { fsync: options.fsync ?? true }
  // Each drive is a local folder, unless distributed mode reaches some on other servers.
  const connect = options.connect ?? ((dir: string) => localDriveLocation(resolve(dir), drive))
  const set = await DriveSet.open(dirs, { connect, checkIntervalMs })
  const ctx: ErasureContext = {
    set,
    classes,
    blockSize: options.blockSize ?? BLOCK_SIZE,
    bitrot: options.bitrot ?? NEW_BITROT,
    locks: options.locks ?? new KeyLocks(),
    // Only this process writes local drives (each drive's lock sees to that); in distributed
    // mode the other servers write them too, and every read asks the drives.
    ...(options.connect ? {} : { documents: new DocumentCache() }),
  }
  const layer: ObjectLayer = {
    kind: 'Erasure',
    listBuckets: () => listBuckets(ctx),
    createBucket: (name, region) => createBucket(ctx, name, region),
    getBucket: (name) => getBucket(ctx, name),
    deleteBucket: (name) => deleteBucket(ctx, name),
    putObject: (input) => putObject(ctx, input),
    getObject: (bucket, key, range, options) => getObject(ctx, bucket, key, range, options?.versionId),
    headObject: (bucket, key, options) => headObject(ctx, bucket, key, options?.versionId),
    deleteObject: (bucket, key, options) => deleteObject(ctx, bucket, key, options),
    listObjects: (input) => listObjects(ctx, input),
    listObjectVersions: (input) => listObjectVersions(ctx, input),
    updateObjectMetadata: (bucket, key, versionId, update) =>
      updateObjectMetadata(ctx, bucket, key, versionId, update),
    copyObject: (input) => copyObject(ctx, input),
    createMultipartUpload: (input) => createMultipartUpload(ctx, input),
    uploadPart: (input) => uploadPart(ctx, input),
    // UploadPartCopy writes the part anew, erasure-coded from the bytes read. Linking each
    // drive's shard file of the source as its shard file of the part would give the same bytes
    // only for a whole single-part source written with the upload's data, parity and block size
    // and the same distribution start (shard j must already sit on the drive that holds shard j
    // of the upload's parts; the start comes from the key's hash, so two keys on 4 drives match
    // 1 time in 4). Beyond that narrow case, the drive interface has no call that links a shard
    // file into an upload's part (linkShard makes an object record), nor one that takes a part
    // back when its links miss the write quorum, as a failed UploadPart's staged files are.
    uploadPartCopy: (input) => uploadPartCopyByReading(layer, input),
    completeMultipartUpload: (input) => completeMultipartUpload(ctx, input),
    abortMultipartUpload: (bucket, key, uploadId) => abortMultipartUpload(ctx, bucket, key, uploadId),
    listParts: (input) => listParts(ctx, input),
    listMultipartUploads: (input) => listMultipartUploads(ctx, input),
    getBucketDocument: (bucket, name) => getBucketDocument(ctx, bucket, name),
    putBucketDocument: (bucket, name, document) => putBucketDocument(ctx, bucket, name, document),
    getSystemDocument: (path) => getSystemDocument(ctx, path),
    putSystemDocument: (path, document) => putSystemDocument(ctx, path, document),
    listSystemDocuments: (prefix) => listSystemDocuments(ctx, prefix),
    /** Raw bytes on all drives (shards, parity and hashes), as MinIO reports "used across disks". */
    usedBytes: async () => {
      const drives = await set.usable()
      const used = await Promise.all(drives.map((d) => d.store!.usedBytes()))
      return used.reduce((sum, n) => sum + n, 0)
    },
    healer: createHealer(ctx),
    layout: async () => {
      await set.refresh()
      return {
        setCount: 1,
        drives: set.status(),
        standard: ctx.classes.standard,
        reduced: ctx.classes.reduced,
      }
    },
    setStorageClasses: (configured, { dryRun = false } = {}) => {
      const resolved = classesWith(configured)
      if (!dryRun) ctx.classes = resolved
    },
    close: () => set.close(),
  }
  return {
    layer,
    emptyBucket: (name) => emptyBucket(ctx, name),
    removeBucket: (name) => removeBucket(ctx, name),
  }
}
