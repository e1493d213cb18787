import { S3ServerError } from '../../errors.js'
import {
  checkVersionId,
  latestIsDeleteMarker,
  noSuchVersion,
  versionIsDeleteMarker,
} from '../common/version-errors.js'
import type { ObjectInfo } from '../object-layer.js'
import type { Drive } from './drive.js'
import { encodeObjectKey } from './key-codec.js'
import { noSuchBucket } from './lookup.js'
import { versionInfo } from './read-version.js'
import { isDeleteMarker, type StoredObject } from './records.js'
import { encodeVersionKey } from './version-codec.js'
import { findVersion, orderOf } from './versions.js'

/**
 * Rewrites one version's stored headers in one commit, its bytes, ETag and Last-Modified
 * untouched (ObjectLayer.updateObjectMetadata). `update` runs inside the commit, before anything
 * is written, so what it throws changes nothing; the version it sees is the one it replaces.
 */
export async function updateObjectMetadata(
  drive: Drive,
  bucket: string,
  key: string,
  versionId: string | undefined,
  update: (headers: Record<string, string>) => Record<string, string>,
): Promise<ObjectInfo> {
  if (versionId !== undefined) checkVersionId(versionId)
  const outcome = await drive.commits.run((view): { error: S3ServerError } | { stored: StoredObject } => {
    if (!view.get(drive.meta.buckets, bucket)) return { error: noSuchBucket(bucket) }
    const objectKey = encodeObjectKey(bucket, key)
    const latest = view.get(drive.meta.objects, objectKey)
    const found =
      versionId === undefined
        ? latest && { stored: latest, isLatest: true }
        : findVersion((db, k) => view.get(db, k), drive.meta, bucket, key, versionId)
    if (!found) {
      return {
        error:
          versionId === undefined
            ? new S3ServerError('NoSuchKey', undefined, { Key: key })
            : noSuchVersion(key, versionId),
      }
    }
    const { stored: current } = found
    if (isDeleteMarker(current)) {
      const lastModified = new Date(current.mtime)
      return {
        error:
          versionId === undefined
            ? latestIsDeleteMarker(key, current.versionId ?? 'null', lastModified)
            : versionIsDeleteMarker('PUT', versionId, lastModified),
      }
    }
    const stored: StoredObject = { ...current, headers: { ...update({ ...current.headers }) } }
    if (found.isLatest) view.put(drive.meta.objects, objectKey, stored)
    else view.put(drive.meta.versions, encodeVersionKey(bucket, key, orderOf(current)), stored)
    return { stored }
  })
  if ('error' in outcome) throw outcome.error
  return versionInfo(bucket, key, outcome.stored, versionId, true)
}
