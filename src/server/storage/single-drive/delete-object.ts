import { checkVersionId } from '../common/version-errors.js'
import type { DeleteObjectOptions, DeleteObjectResult, ObjectInfo } from '../object-layer.js'
import { removeDataFiles } from './data-files.js'
import type { Drive } from './drive.js'
import { encodeObjectKey } from './key-codec.js'
import { noSuchBucket } from './lookup.js'
import { fileIdsOf, releaseInline } from './object-data.js'
import { isDeleteMarker, type StoredObject, toObjectInfo } from './records.js'
import { adjustUsedBytes } from './used-bytes.js'
import { newVersionFields, placeVersion, removeVersion, type VersionFields, versionIdOf } from './versions.js'

/**
 * Deletes `key`; a missing key succeeds (S3 semantics), a missing bucket is NoSuchBucket. With
 * options, the versioned deletes of DeleteObjectOptions: a delete marker, or one version by ID.
 */
export async function deleteObject(
  drive: Drive,
  bucket: string,
  key: string,
  options: DeleteObjectOptions = {},
): Promise<DeleteObjectResult> {
  const check = options.check && ((stored: StoredObject) => options.check!(infoOf(bucket, key, stored)))
  if (options.versionId !== undefined) {
    checkVersionId(options.versionId)
    const removed = await removeVersionNow(drive, bucket, key, options.versionId, check)
    return removed && isDeleteMarker(removed)
      ? { versionId: options.versionId, deleteMarker: true }
      : { versionId: options.versionId }
  }
  const marker = newVersionFields(options.versioning)
  if (marker) {
    await writeDeleteMarker(drive, bucket, key, marker, Date.now(), {}, check)
    return { versionId: marker.versionId, deleteMarker: true }
  }
  await removeLatest(drive, bucket, key, check)
  return {}
}

/** Removes the key's one record (an unversioned delete). */
async function removeLatest(
  drive: Drive,
  bucket: string,
  key: string,
  check?: (stored: StoredObject) => void,
): Promise<void> {
  const { buckets, objects } = drive.meta
  const lmdbKey = encodeObjectKey(bucket, key)
  const outcome = await drive.commits.run((view) => {
    if (!view.get(buckets, bucket)) return { missingBucket: true }
    const previous = view.get(objects, lmdbKey)
    if (!previous) return { missingBucket: false }
    check?.(previous)
    releaseInline(view, drive.meta, previous)
    view.remove(objects, lmdbKey)
    adjustUsedBytes(view, drive.meta, -previous.size)
    return { missingBucket: false, removed: previous }
  })
  if (outcome.missingBucket) throw noSuchBucket(bucket)
  if (outcome.removed) await removeDataFiles(drive, fileIdsOf(outcome.removed))
}

/**
 * Removes one version (or delete marker) by ID; a missing one succeeds. Runs alone in its commit:
 * removing the latest version promotes the next by a range read (versions.ts).
 */
export async function removeVersionNow(
  drive: Drive,
  bucket: string,
  key: string,
  versionId: string,
  check?: (stored: StoredObject) => void,
): Promise<StoredObject | undefined> {
  const outcome = await drive.commits.run(
    (view) => {
      if (!view.get(drive.meta.buckets, bucket)) return { missingBucket: true }
      const removed = removeVersion(view, drive, bucket, key, versionId, check)
      if (removed) adjustUsedBytes(view, drive.meta, -removed.size)
      return { missingBucket: false, removed }
    },
    { exclusive: true },
  )
  if (outcome.missingBucket) throw noSuchBucket(bucket)
  if (outcome.removed) await removeDataFiles(drive, fileIdsOf(outcome.removed))
  return outcome.removed
}

/**
 * Writes a delete marker as the version `version` of `bucket/key` (a null marker replaces the
 * null version, which `check` sees first). NoSuchBucket.
 */
export async function writeDeleteMarker(
  drive: Drive,
  bucket: string,
  key: string,
  version: VersionFields,
  mtime: number,
  headers: Record<string, string>,
  check?: (stored: StoredObject) => void,
): Promise<void> {
  const marker: StoredObject & VersionFields = {
    id: '',
    layout: 'none',
    size: 0,
    etag: '',
    mtime,
    contentType: '',
    headers,
    ...version,
  }
  const outcome = await drive.commits.run((view) => {
    if (!view.get(drive.meta.buckets, bucket)) return { missingBucket: true, removed: [] as StoredObject[] }
    const { removed } = placeVersion(view, drive.meta, bucket, key, marker, undefined, check)
    adjustUsedBytes(view, drive.meta, -removed.reduce((sum, r) => sum + r.size, 0))
    return { missingBucket: false, removed }
  })
  if (outcome.missingBucket) throw noSuchBucket(bucket)
  await removeDataFiles(drive, outcome.removed.flatMap(fileIdsOf))
}

function infoOf(bucket: string, key: string, stored: StoredObject): ObjectInfo {
  const info = toObjectInfo(bucket, key, stored, true)
  info.versionId = versionIdOf(stored)
  if (isDeleteMarker(stored)) info.deleteMarker = true
  return info
}
