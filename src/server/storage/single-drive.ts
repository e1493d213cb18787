import { FreeSpaceGuard, parseReserve, RESERVE_ENV } from './free-space.js'
import { createBucket, deleteBucket, getBucket, listBuckets } from './single-drive/buckets.js'
import { CommitQueue } from './single-drive/commit-queue.js'
import { copyObject } from './single-drive/copy-object.js'
import { deleteObject } from './single-drive/delete-object.js'
import {
  getBucketDocument,
  getSystemDocument,
  listBucketDocuments,
  listSystemDocuments,
  putBucketDocument,
  putSystemDocument,
} from './single-drive/documents.js'
import type { Drive } from './single-drive/drive.js'
import { lockDrive } from './single-drive/drive-lock.js'
import { createLayout, prepareLayout } from './single-drive/layout.js'
import { listObjects } from './single-drive/list-objects.js'
import { openMetaStore, readReclaimableBytes, readUsedBytes } from './single-drive/meta-store.js'
import { abortMultipartUpload } from './single-drive/multipart/abort-upload.js'
import { completeMultipartUpload } from './single-drive/multipart/complete-upload.js'
import { createMultipartUpload } from './single-drive/multipart/create-upload.js'
import { listParts } from './single-drive/multipart/list-parts.js'
import { listMultipartUploads } from './single-drive/multipart/list-uploads.js'
import { uploadPart } from './single-drive/multipart/upload-part.js'
import { putObject } from './single-drive/put-object.js'
import { getObject, headObject } from './single-drive/read-object.js'
import { markClosed, type OrphanSweep, recoverDrive } from './single-drive/recovery.js'
import type { StorageBackend } from './types.js'

/** Options of {@link openSingleDrive}. */
export interface SingleDriveOptions {
  /**
   * Make every acknowledged write survive power loss: fsync each data file and its directory
   * before the metadata commit, and wait for LMDB's commit to reach the disk. Default true.
   * With false, a process crash still loses nothing acknowledged; an OS crash may lose the last
   * writes (never exposing a partial object). See docs/storage.md for the measured cost.
   */
  fsync?: boolean
  /** When to remove data files no metadata references: default only after a crash. */
  sweepOrphans?: OrphanSweep
  /**
   * Objects of at most this many bytes are stored inside the metadata transaction instead of a
   * data file: a small PUT is one group commit, a small GET a memory read. Default 128 KiB;
   * 0 keeps every object in a file.
   */
  inlineLimit?: number
  /**
   * Bytes of free space kept for metadata commits (deletes above all): new object data is
   * refused with 507 XSiloStorageFull rather than eat into them. Default env
   * SILO_FREE_SPACE_RESERVE (`64MiB`, bytes, 0 for none), else 1% of the drive, at least 8 MiB and
   * at most 1 GiB. See docs/storage.md#a-full-disk.
   */
  freeSpaceReserve?: number
}

/** Default {@link SingleDriveOptions.inlineLimit}: 128 KiB. */
export const DEFAULT_INLINE_LIMIT = 128 * 1024

/**
 * Opens (creating if needed) a single-drive backend on `dir`: metadata in LMDB, object bytes in
 * files named by internal IDs, all under `<dir>/.silo.sys/`. One process may open a drive at a time.
 *
 * @example
 * const storage = await openSingleDrive('/srv/silo')
 * await storage.createBucket('photos', '')
 * await storage.close()
 */
export async function openSingleDrive(
  dir: string,
  options: SingleDriveOptions = {},
): Promise<SingleDriveBackend> {
  const fsync = options.fsync ?? true
  const layout = createLayout(dir)
  await prepareLayout(layout)
  const inlineLimit = options.inlineLimit ?? DEFAULT_INLINE_LIMIT
  if (!Number.isInteger(inlineLimit) || inlineLimit < 0) {
    throw new RangeError(`inlineLimit must be a whole number of bytes, not ${inlineLimit}`)
  }
  const reserve = options.freeSpaceReserve ?? parseReserve(process.env[RESERVE_ENV])
  if (reserve !== undefined && (!Number.isSafeInteger(reserve) || reserve < 0)) {
    throw new RangeError(`freeSpaceReserve must be a whole number of bytes, not ${reserve}`)
  }
  const unlock = await lockDrive(layout.sys)
  let meta: ReturnType<typeof openMetaStore>
  try {
    meta = openMetaStore(layout.meta, { fsync })
    await recoverDrive(layout, meta, options.sweepOrphans ?? 'after-crash')
  } catch (error) {
    await unlock()
    throw error
  }
  const space = new FreeSpaceGuard(dir, { reserve, reclaimable: () => readReclaimableBytes(drive.meta) })
  const commits = new CommitQueue(meta.env, {
    awaitFlush: fsync,
    explainFailure: async (error) => space.explain(error),
  })
  const drive: Drive = { layout, meta, fsync, commits, inlineLimit, space }
  return createSingleDriveBackend(drive, unlock)
}

/** A single drive, with what a backend composed of drives (erasure coding) also needs. */
export interface SingleDriveBackend extends StorageBackend {
  /** The names of a bucket's documents (NoSuchBucket when it does not exist). */
  listBucketDocuments(bucket: string): Promise<string[]>
  /**
   * Sets aside room for `bytes` of new data, or rejects with 507 XSiloStorageFull when the drive
   * would keep less than its reserve free; resolves with the release, to call once the write
   * settled. Erasure coding asks every drive before it reads a body.
   */
  reserveSpace(bytes: number): Promise<() => void>
}

function createSingleDriveBackend(drive: Drive, unlock: () => Promise<void>): SingleDriveBackend {
  return {
    listBucketDocuments: async (bucket) => listBucketDocuments(drive, bucket),
    reserveSpace: async (bytes) => drive.space.admit({ bytes, inMetadata: bytes <= drive.inlineLimit }),
    kind: 'FS',
    listBuckets: async () => listBuckets(drive),
    createBucket: (name, region) => createBucket(drive, name, region),
    getBucket: async (name) => getBucket(drive, name),
    deleteBucket: (name) => deleteBucket(drive, name),
    putObject: (input) => putObject(drive, input),
    getObject: (bucket, key, range) => getObject(drive, bucket, key, range),
    headObject: async (bucket, key) => headObject(drive, bucket, key),
    deleteObject: (bucket, key) => deleteObject(drive, bucket, key),
    listObjects: async (input) => listObjects(drive, input),
    copyObject: (input) => copyObject(drive, input),
    createMultipartUpload: (input) => createMultipartUpload(drive, input),
    uploadPart: (input) => uploadPart(drive, input),
    completeMultipartUpload: (input) => completeMultipartUpload(drive, input),
    abortMultipartUpload: (bucket, key, uploadId) => abortMultipartUpload(drive, bucket, key, uploadId),
    listParts: async (input) => listParts(drive, input),
    listMultipartUploads: async (input) => listMultipartUploads(drive, input),
    getBucketDocument: async (bucket, name) => getBucketDocument(drive, bucket, name),
    putBucketDocument: (bucket, name, document) => putBucketDocument(drive, bucket, name, document),
    getSystemDocument: async (path) => getSystemDocument(drive, path),
    putSystemDocument: (path, document) => putSystemDocument(drive, path, document),
    listSystemDocuments: async (prefix) => listSystemDocuments(drive, prefix),
    usedBytes: async () => readUsedBytes(drive.meta),
    close: async () => {
      await drive.commits.idle()
      await markClosed(drive.meta)
      await drive.meta.env.close()
      await unlock()
    },
  }
}
