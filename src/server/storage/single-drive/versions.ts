import type { Database } from 'lmdb'
import { createVersionToken, legacyVersionToken, NULL_VERSION_ID } from '../common/version-id.js'
import type { VersioningState } from '../object-layer.js'
import type { CommitView } from './commit-queue.js'
import type { Drive } from './drive.js'
import { encodeObjectKey } from './key-codec.js'
import type { MetaStore } from './meta-store.js'
import { releaseInline } from './object-data.js'
import type { StoredObject } from './records.js'
import { decodeVersionKey, encodeVersionKey, versionRangeOf } from './version-codec.js'

/**
 * Object versions on one drive (issue 14). A key's latest version is its record in `objects`, as
 * before versioning (so reads, unversioned writes and ListObjects cost what they did); its older
 * versions are in `versions`, keyed by order token, newest first. A key has noncurrent versions
 * only while it has a latest record. A record without a version ID (written unversioned) is the
 * null version, ordered by legacyVersionToken(mtime). The latest record carries `nullOrder` when
 * the null version is among the noncurrent ones, so every write finds what it replaces with
 * point reads: versioned writes share group commits like unversioned ones. Removing the latest
 * version by ID promotes the newest noncurrent one, a range read: that commit runs alone.
 */

/** A version's identity: its ID and its order token (smaller = newer). */
export interface VersionFields {
  versionId: string
  order: string
}

/** The ID and order a new write gets in a bucket in state `versioning` (undefined: unversioned). */
export function newVersionFields(versioning: VersioningState | undefined): VersionFields | undefined {
  if (versioning === undefined) return undefined
  const token = createVersionToken()
  return { versionId: versioning === 'Enabled' ? token : NULL_VERSION_ID, order: token }
}

/** The record's version ID (the null version's when it was written unversioned). */
export function versionIdOf(stored: StoredObject): string {
  return stored.versionId ?? NULL_VERSION_ID
}

/** The record's order token. */
export function orderOf(stored: StoredObject): string {
  return stored.order ?? legacyVersionToken(stored.mtime)
}

/** What placing or removing a version took away: records whose files go after the commit. */
export interface VersionChange {
  removed: StoredObject[]
}

/**
 * Writes `record` (with versionId and order) as a version of `bucket/key` in the commit: a
 * record with the same version ID is replaced wherever it is, then `record` takes its place by
 * order (DriveVersion's rule, storage-drive.ts). `check` sees the replaced version first and may
 * throw (nothing written). The caller adjusts the byte counter by the removed records' sizes.
 */
export function placeVersion(
  view: CommitView,
  meta: MetaStore,
  bucket: string,
  key: string,
  record: StoredObject & VersionFields,
  inline?: Buffer,
  check?: (replaced: StoredObject) => void,
): VersionChange {
  const objectKey = encodeObjectKey(bucket, key)
  const latest = view.get(meta.objects, objectKey)
  const replacing = latest && versionIdOf(latest) === record.versionId
  // The same version among the noncurrent ones: the null version by the pointer, a token by its key.
  let nullOrder = latest && latest.versionId !== undefined ? latest.nullOrder : undefined
  // A token is its own order and noncurrent versions are older than the latest: a token newer
  // than the latest (every new write's) cannot be among them, and needs no lookup.
  const noncurrentAt =
    replacing || !latest
      ? undefined
      : record.versionId === NULL_VERSION_ID
        ? nullOrder
        : record.versionId > orderOf(latest)
          ? record.versionId
          : undefined
  const noncurrent = noncurrentAt
    ? view.get(meta.versions, encodeVersionKey(bucket, key, noncurrentAt))
    : undefined
  const sameNoncurrent = noncurrent && versionIdOf(noncurrent) === record.versionId ? noncurrent : undefined
  const replaced = replacing ? latest : sameNoncurrent
  if (replaced) check?.(replaced)

  const removed: StoredObject[] = []
  if (replaced) {
    removed.push(replaced)
    releaseInline(view, meta, replaced)
  }
  if (sameNoncurrent) {
    view.remove(meta.versions, encodeVersionKey(bucket, key, noncurrentAt!))
    if (record.versionId === NULL_VERSION_ID) nullOrder = undefined
  }
  if (inline) view.put(meta.blobs, record.id, inline)

  const current = replacing ? undefined : latest
  if (!current || record.order < orderOf(current)) {
    if (current) {
      // The latest becomes noncurrent, with its identity made explicit.
      const demoted: StoredObject = { ...current, versionId: versionIdOf(current), order: orderOf(current) }
      delete demoted.nullOrder
      view.put(meta.versions, encodeVersionKey(bucket, key, demoted.order!), demoted)
      if (demoted.versionId === NULL_VERSION_ID) nullOrder = demoted.order
    }
    view.put(
      meta.objects,
      objectKey,
      withNullOrder(record, record.versionId === NULL_VERSION_ID ? undefined : nullOrder),
    )
  } else {
    // An older version (heal): among the noncurrent ones; the latest learns where a null one is.
    const older: StoredObject = { ...record }
    delete older.nullOrder
    view.put(meta.versions, encodeVersionKey(bucket, key, record.order), older)
    const pointer = record.versionId === NULL_VERSION_ID ? record.order : nullOrder
    if (pointer !== current.nullOrder) view.put(meta.objects, objectKey, withNullOrder(current, pointer))
  }
  return { removed }
}

/**
 * The version of `bucket/key` with `versionId`, and where it is, read through `get` (a commit
 * view or the database itself): the latest record, or a noncurrent one under its order.
 */
export function findVersion(
  get: RecordReader,
  meta: MetaStore,
  bucket: string,
  key: string,
  versionId: string,
): { stored: StoredObject; latest: StoredObject; isLatest: boolean } | undefined {
  const latest = get(meta.objects, encodeObjectKey(bucket, key))
  if (!latest) return undefined
  if (versionIdOf(latest) === versionId) return { stored: latest, latest, isLatest: true }
  const at = versionId === NULL_VERSION_ID ? latest.nullOrder : versionId
  if (!at) return undefined
  const stored = get(meta.versions, encodeVersionKey(bucket, key, at))
  return stored && versionIdOf(stored) === versionId ? { stored, latest, isLatest: false } : undefined
}

/** How findVersion reads a record: through a commit view, or straight from the database. */
export type RecordReader = (db: Database<StoredObject, Buffer>, key: Buffer) => StoredObject | undefined

/** Reads straight from the database (outside a commit). */
export const readDirect: RecordReader = (db, key) => db.get(key)

/**
 * Removes the version `versionId` of `bucket/key` in the commit (the newest noncurrent one
 * becomes the latest when it was the latest: a range read, so the commit must run alone).
 * `check` sees the version first and may throw. Returns the removed record, or undefined when
 * the key has no such version.
 */
export function removeVersion(
  view: CommitView,
  drive: Drive,
  bucket: string,
  key: string,
  versionId: string,
  check?: (removed: StoredObject) => void,
): StoredObject | undefined {
  const { meta } = drive
  const found = findVersion((db, k) => view.get(db, k), meta, bucket, key, versionId)
  if (!found) return undefined
  check?.(found.stored)
  const objectKey = encodeObjectKey(bucket, key)
  releaseInline(view, meta, found.stored)
  if (found.isLatest) {
    const next = newestNoncurrent(meta, bucket, key)
    if (!next) {
      view.remove(meta.objects, objectKey)
    } else {
      view.remove(meta.versions, encodeVersionKey(bucket, key, orderOf(next)))
      const pointer = versionIdOf(next) === NULL_VERSION_ID ? undefined : found.latest.nullOrder
      view.put(meta.objects, objectKey, withNullOrder(next, pointer))
    }
  } else {
    view.remove(meta.versions, encodeVersionKey(bucket, key, orderOf(found.stored)))
    if (versionId === NULL_VERSION_ID)
      view.put(meta.objects, objectKey, withNullOrder(found.latest, undefined))
  }
  return found.stored
}

/** The newest noncurrent version of `bucket/key`, read from the database. */
function newestNoncurrent(meta: MetaStore, bucket: string, key: string): StoredObject | undefined {
  const baseLength = Buffer.byteLength(bucket, 'utf8') + 1
  for (const { key: lmdbKey, value } of meta.versions.getRange({ ...versionRangeOf(bucket, key) })) {
    if (decodeVersionKey(lmdbKey, baseLength).key === key) return value
  }
  return undefined
}

function withNullOrder(record: StoredObject, nullOrder: string | undefined): StoredObject {
  const copy: StoredObject = { ...record }
  if (nullOrder === undefined) delete copy.nullOrder
  else copy.nullOrder = nullOrder
  return copy
}

/**
 * A drive interface version (storage-drive.ts DriveVersion) as a record's fields, checked: the
 * ID is a token or 'null', the order a token, and a token ID is its own order (so it can be found
 * by ID with one read). A caller handing anything else is a bug: a plain Error.
 */
export function versionFieldsOf(version: { id: string; order: string }): VersionFields {
  const token = /^[0-9a-f]{32}$/
  const valid =
    token.test(version.order) &&
    (version.id === NULL_VERSION_ID || (token.test(version.id) && version.id === version.order))
  if (!valid) throw new Error(`not a drive version: ${JSON.stringify(version)}`)
  return { versionId: version.id, order: version.order }
}
