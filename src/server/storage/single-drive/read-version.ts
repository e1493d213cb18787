import { S3ServerError } from '../../errors.js'
import {
  checkVersionId,
  latestIsDeleteMarker,
  noSuchVersion,
  versionIsDeleteMarker,
} from '../common/version-errors.js'
import type { ObjectInfo } from '../object-layer.js'
import type { Drive } from './drive.js'
import { requireBucket, requireObject } from './lookup.js'
import { isDeleteMarker, type StoredObject, toObjectInfo } from './records.js'
import { findVersion, readDirect, versionIdOf } from './versions.js'

/**
 * The record of a version of `bucket/key` (`versionId` absent: the latest), delete markers
 * included. NoSuchKey / NoSuchVersion / NoSuchBucket; InvalidArgument for an ID none of ours can be.
 */
export function lookupVersion(drive: Drive, bucket: string, key: string, versionId?: string): StoredObject {
  if (versionId === undefined) return requireObject(drive, bucket, key)
  checkVersionId(versionId)
  const found = findVersion(readDirect, drive.meta, bucket, key, versionId)
  if (found) return found.stored
  requireBucket(drive, bucket)
  throw noSuchVersion(key, versionId)
}

/**
 * The record of an object version to read or copy: as lookupVersion, and a delete marker is
 * NoSuchKey when it is the latest, 405 MethodNotAllowed when named by its ID (`method` names the
 * request in that answer).
 */
export function requireReadable(
  drive: Drive,
  bucket: string,
  key: string,
  versionId: string | undefined,
  method: string,
): StoredObject {
  const stored = lookupVersion(drive, bucket, key, versionId)
  if (!isDeleteMarker(stored)) return stored
  const lastModified = new Date(stored.mtime)
  if (versionId === undefined) throw latestIsDeleteMarker(key, versionIdOf(stored), lastModified)
  throw versionIsDeleteMarker(method, versionId, lastModified)
}

/**
 * The contract's view of a version read by ID (or not): as toObjectInfo, and a version named by
 * ID reports its ID even when it was written unversioned ('null').
 */
export function versionInfo(
  bucket: string,
  key: string,
  stored: StoredObject,
  versionId: string | undefined,
  withParts = false,
): ObjectInfo {
  const info = toObjectInfo(bucket, key, stored, withParts)
  if (versionId !== undefined) info.versionId = versionIdOf(stored)
  return info
}

/** A delete marker has no bytes: what the drive answers when asked for them. */
export function markerHasNoData(key: string): S3ServerError {
  return new S3ServerError('MethodNotAllowed', `${key}: a delete marker has no data`, {
    Method: 'GET',
    ResourceType: 'DeleteMarker',
  })
}
