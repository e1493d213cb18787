import type { BucketInfo, ObjectInfo, UploadInfo } from '../object-layer.js'
import type { DriveBucket, DriveObject, DrivePart, DriveUpload } from '../storage-drive.js'
import { type StoredObject, toObjectInfo } from './records.js'
import type { StoredPart, StoredUpload } from './upload-records.js'

/**
 * How a local drive shows its records through the drive interface. The caller's metadata is kept
 * in one header of the record: the names the erasure layer wrote before the drive interface
 * existed, so drives written then read the same.
 */
export const OBJECT_META_HEADER = 'x-silo-ec'
export const UPLOAD_META_HEADER = 'x-silo-ec-upload'

export function toDriveBucket(info: BucketInfo): DriveBucket {
  return { name: info.name, created: info.created.getTime(), region: info.region }
}

export function toDriveObject(info: ObjectInfo): DriveObject {
  const object: DriveObject = {
    key: info.key,
    size: info.size,
    etag: info.etag,
    modified: info.lastModified.getTime(),
  }
  const meta = info.headers[OBJECT_META_HEADER]
  if (meta !== undefined) object.meta = meta
  if (info.versionId !== undefined) object.versionId = info.versionId
  if (info.deleteMarker) object.deleteMarker = true
  if (info.isLatest !== undefined) object.isLatest = info.isLatest
  return object
}

/** A drive's record of a version as readObject answers it: with its order when it is versioned. */
export function storedToDriveObject(bucket: string, key: string, stored: StoredObject): DriveObject {
  const object = toDriveObject(toObjectInfo(bucket, key, stored))
  if (stored.order !== undefined) object.order = stored.order
  return object
}

export function toDriveUpload(info: UploadInfo): DriveUpload {
  return withMeta<DriveUpload>(
    { key: info.key, uploadId: info.uploadId, initiated: info.initiated.getTime() },
    info.headers[UPLOAD_META_HEADER],
  )
}

export function storedToDriveUpload(key: string, uploadId: string, stored: StoredUpload): DriveUpload {
  return withMeta<DriveUpload>(
    { key, uploadId, initiated: stored.initiated },
    stored.headers[UPLOAD_META_HEADER],
  )
}

export function toDrivePart(partNumber: number, stored: StoredPart): DrivePart {
  return withMeta<DrivePart>(
    { partNumber, etag: stored.etag, size: stored.size, modified: stored.mtime },
    stored.meta,
  )
}

function withMeta<T extends { meta?: string }>(record: T, meta: string | undefined): T {
  if (meta !== undefined) record.meta = meta
  return record
}
