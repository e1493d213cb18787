import { statSync } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { S3ServerError } from '../errors.js'
import { checkVersionId } from './common/version-errors.js'
import type { ObjectInfo } from './object-layer.js'
import { createBucket, deleteBucket, getBucket, listBuckets } from './single-drive/buckets.js'
import { copyObject } from './single-drive/copy-object.js'
import { deleteObject, removeVersionNow, writeDeleteMarker } from './single-drive/delete-object.js'
import {
  getBucketDocument,
  getSystemDocument,
  listBucketDocuments,
  listSystemDocuments,
  putBucketDocument,
  putSystemDocument,
} from './single-drive/documents.js'
import type { Drive } from './single-drive/drive.js'
import {
  OBJECT_META_HEADER,
  storedToDriveObject,
  storedToDriveUpload,
  toDriveBucket,
  toDriveObject,
  toDrivePart,
  toDriveUpload,
  UPLOAD_META_HEADER,
} from './single-drive/drive-records.js'
import { formatPathOf, readFormatFile, writeFormatFile } from './single-drive/format-file.js'
import { listObjects } from './single-drive/list-objects.js'
import { listObjectVersions } from './single-drive/list-versions.js'
import { readUsedBytes } from './single-drive/meta-store.js'
import { abortMultipartUpload } from './single-drive/multipart/abort-upload.js'
import { completeMultipartUpload } from './single-drive/multipart/complete-upload.js'
import { createMultipartUpload } from './single-drive/multipart/create-upload.js'
import { listStoredParts } from './single-drive/multipart/list-parts.js'
import { listMultipartUploads } from './single-drive/multipart/list-uploads.js'
import { type DriveOptions, openDrive } from './single-drive/open-drive.js'
import { getObject } from './single-drive/read-object.js'
import { lookupVersion, markerHasNoData } from './single-drive/read-version.js'
import { isDeleteMarker, type StoredObject } from './single-drive/records.js'
import { StagedShards } from './single-drive/staged-shards.js'
import { updateObjectMetadata } from './single-drive/update-metadata.js'
import { versionFieldsOf } from './single-drive/versions.js'
import type { DriveLocation, DrivePartsInput, DrivePartsResult, StorageDrive } from './storage-drive.js'

/**
 * A drive in a folder of this machine, for an erasure set: where it is, its format.json, and the
 * drive opened on it (the single drive's store, through the drive interface).
 *
 * @example
 * const location = localDriveLocation('/mnt/disk1', { fsync: true })
 * const drive = await location.open()
 */
export function localDriveLocation(dir: string, options: DriveOptions = {}): DriveLocation {
  return {
    endpoint: dir,
    probe: () =>
      stat(dir).then(
        () => undefined,
        (error: Error) => error.message,
      ),
    formatStamp: async () => formatStampOf(dir),
    readFormat: () => readFormatFile(dir),
    writeFormat: (format) => writeFormatFile(dir, format),
    createFolder: async () => {
      await mkdir(dir, { recursive: true })
    },
    open: () => openLocalDrive(dir, options),
  }
}

/**
 * Opens (creating if needed) the single-drive store on `dir` as a drive of an erasure set: the
 * same layout, LMDB metadata, crash recovery and free-space guard as `openSingleDrive`, behind
 * the drive interface instead of the object layer.
 *
 * @example
 * const drive = await openLocalDrive('/mnt/disk1')
 * await drive.createBucket('photos', '')
 */
export async function openLocalDrive(dir: string, options: DriveOptions = {}): Promise<StorageDrive> {
  const opened = await openDrive(dir, options)
  const { drive } = opened
  const staged = new StagedShards(drive)
  const reservations = new Map<string, () => void>()
  let reserved = 0
  return {
    listBuckets: async () => listBuckets(drive).map(toDriveBucket),
    getBucket: async (name) => toDriveBucket(getBucket(drive, name)),
    createBucket: async (name, region) => toDriveBucket(await createBucket(drive, name, region)),
    deleteBucket: (name) => deleteBucket(drive, name),

    readObject: async (bucket, key, versionId) =>
      storedToDriveObject(bucket, key, lookupVersion(drive, bucket, key, versionId)),
    readShard: async (bucket, key, range, versionId) => {
      const result = await getObject(drive, bucket, key, range, versionId, withData)
      const object = toDriveObject(result.info)
      // An inline record's stream is made only when asked for: hand the bytes over instead.
      return result.data ? { object, data: result.data } : { object, body: result.body }
    },
    deleteObject: async (bucket, key, versionId) => {
      if (versionId === undefined) {
        await deleteObject(drive, bucket, key)
        return
      }
      checkVersionId(versionId)
      await removeVersionNow(drive, bucket, key, versionId)
    },
    putDeleteMarker: async ({ bucket, key, version, modified, meta }) => {
      const headers: Record<string, string> = meta === undefined ? {} : { [OBJECT_META_HEADER]: meta }
      await writeDeleteMarker(drive, bucket, key, versionFieldsOf(version), modified, headers)
    },
    updateObjectMeta: async ({ bucket, key, versionId, ifMeta, meta }) => {
      await updateObjectMetadata(drive, bucket, key, versionId, (headers) => {
        if (headers[OBJECT_META_HEADER] !== ifMeta) {
          throw new S3ServerError('InternalError', 'the drive no longer holds the metadata being replaced')
        }
        return { ...headers, [OBJECT_META_HEADER]: meta }
      })
    },
    listObjectVersions: async (input) => {
      const { orders, versions, ...page } = listObjectVersions(drive, input)
      return {
        ...page,
        versions: versions.map((info, i) => ({ ...toDriveObject(info), order: orders[i]! })),
      }
    },
    listObjects: async (input) => {
      const page = listObjects(drive, input)
      return { ...page, objects: page.objects.map(toDriveObject) }
    },

    reserveSpace: async (bytes) => {
      const release = drive.space.admit({ bytes, inMetadata: bytes <= drive.inlineLimit })
      // Names this drive's reservation while it is open: a counter is enough.
      const reservation = String(++reserved)
      reservations.set(reservation, release)
      return reservation
    },
    releaseSpace: async (reservation) => {
      reservations.get(reservation)?.()
      reservations.delete(reservation)
    },
    writeShard: (place, body, reservation) =>
      staged.write(place, body, reservation !== undefined && reservations.has(reservation)),
    commitShard: (id, record) => staged.commit(id, record),
    discardShard: (id) => staged.discard(id),
    linkShard: async (input) => {
      const version = input.version && versionFieldsOf(input.version)
      const copy = {
        sourceBucket: input.sourceBucket,
        sourceKey: input.sourceKey,
        sourceVersionId: input.sourceVersionId,
        bucket: input.bucket,
        key: input.key,
        metadata: { contentType: 'application/octet-stream', headers: { [OBJECT_META_HEADER]: input.meta } },
        check: (found: ObjectInfo) => {
          if (found.headers[OBJECT_META_HEADER] !== input.ifMeta) {
            throw new S3ServerError('InternalError', 'the drive no longer holds the version being copied')
          }
        },
      }
      await copyObject(drive, copy, version)
    },

    createUpload: async ({ bucket, key, uploadId, meta }) =>
      toDriveUpload(
        await createMultipartUpload(
          drive,
          { bucket, key, contentType: 'application/octet-stream', headers: { [UPLOAD_META_HEADER]: meta } },
          uploadId,
        ),
      ),
    abortUpload: (bucket, key, uploadId) => abortMultipartUpload(drive, bucket, key, uploadId),
    listParts: async (input) => listDriveParts(drive, input),
    listUploads: async (input) => {
      const page = listMultipartUploads(drive, input)
      return { ...page, uploads: page.uploads.map(toDriveUpload) }
    },
    completeUpload: async ({ bucket, key, uploadId, parts, meta, version }) => {
      await completeMultipartUpload(
        drive,
        { bucket, key, uploadId, parts },
        {
          headers: { [OBJECT_META_HEADER]: meta },
          minPartSize: 0,
          ...(version ? { version: versionFieldsOf(version) } : {}),
        },
      )
    },

    getBucketDocument: async (bucket, name) => getBucketDocument(drive, bucket, name),
    putBucketDocument: (bucket, name, document) => putBucketDocument(drive, bucket, name, document),
    listBucketDocuments: async (bucket) => listBucketDocuments(drive, bucket),
    getSystemDocument: async (path) => getSystemDocument(drive, path),
    putSystemDocument: (path, document) => putSystemDocument(drive, path, document),
    listSystemDocuments: async (prefix) => listSystemDocuments(drive, prefix),

    usedBytes: async () => readUsedBytes(drive.meta),
    close: async () => {
      staged.clear()
      for (const release of reservations.values()) release()
      reservations.clear()
      await opened.close()
    },
  }
}

/**
 * format.json's identity and age (`inode:mtime`), undefined when it cannot be looked at (gone,
 * unreadable). Every erasure write
 * looks at it before its drives commit (ErasureDrive.stillFormatted): a synchronous stat of a file
 * the kernel has cached costs ~2 µs of CPU here, the promise one ~20 µs for its thread-pool
 * hand-off (20,000 calls each, this 2-core VM), as with free space's statfs (free-space.ts).
 */
function formatStampOf(dir: string): string | undefined {
  try {
    const stats = statSync(formatPathOf(dir))
    return `${stats.ino}:${stats.mtimeMs}`
  } catch {
    return undefined
  }
}

/** A drive reads a delete marker's record, never its bytes: it has none. */
function withData(drive: Drive, bucket: string, key: string, versionId?: string): StoredObject {
  const stored = lookupVersion(drive, bucket, key, versionId)
  if (isDeleteMarker(stored)) throw markerHasNoData(key)
  return stored
}

function listDriveParts(drive: Drive, input: DrivePartsInput): DrivePartsResult {
  const found = listStoredParts(drive, input)
  const result: DrivePartsResult = {
    upload: storedToDriveUpload(input.key, input.uploadId, found.upload),
    parts: found.parts.map(([partNumber, stored]) => toDrivePart(partNumber, stored)),
    isTruncated: found.isTruncated,
  }
  if (found.isTruncated && found.parts.length > 0) result.nextPartNumberMarker = found.parts.at(-1)![0]
  return result
}
