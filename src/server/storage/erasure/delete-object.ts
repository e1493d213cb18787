import { randomUUID } from 'node:crypto'
import { isS3ServerError } from '../../errors.js'
import { checkVersionId } from '../common/version-errors.js'
import type { DeleteObjectOptions, DeleteObjectResult } from '../object-layer.js'
import type { DriveVersion } from '../storage-drive.js'
import { requireBucket } from './buckets.js'
import {
  type ChosenVersion,
  chooseRecord,
  codeOf,
  type DriveResult,
  type ErasureContext,
  lockForCommit,
  lockNameOf,
  onDrives,
  usableDrives,
} from './context.js'
import { driveVersionIdOf, type EcMeta, encodeMeta, toObjectInfo } from './object-meta.js'
import { majorityOf, writeQuorumError, writeQuorumOf } from './params.js'
import { newVersion } from './version-writes.js'

/**
 * DeleteObject on the erasure set (issue 14's versions as on one drive, see DeleteObjectOptions):
 * - a version ID: every usable drive removes that version or marker; a majority must take it;
 * - Enabled / Suspended without one: a delete marker (a record without a shard) is committed on
 *   every usable drive as the key's newest version, needing the write quorum; a null marker
 *   replaces the null version on each drive;
 * - neither: every usable drive removes the key's record, as before versioning.
 * `check` sees the version about to be removed, under the key's lock.
 */
export async function deleteObject(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  options: DeleteObjectOptions = {},
): Promise<DeleteObjectResult> {
  const what = `DeleteObject ${bucket}/${key}`
  const { versionId, versioning } = options
  if (versionId !== undefined) checkVersionId(versionId)
  if (versionId === undefined && versioning !== undefined) return writeDeleteMarker(ctx, bucket, key, options)
  const needed = majorityOf(ctx.set.size)
  const drives = await usableDrives(ctx, needed, what, true)
  await requireBucket(ctx, bucket, drives)
  return ctx.locks.with(lockNameOf(bucket, key), async () => {
    // An unversioned delete without a check reads nothing first, as before versioning.
    const removed =
      versionId !== undefined || options.check
        ? await versionToRemove(ctx, bucket, key, versionId, options)
        : undefined
    const results = await onDrives(ctx, drives, (store) => store.deleteObject(bucket, key, versionId))
    requireDone(results, needed, what)
    const result: DeleteObjectResult = {}
    if (versionId !== undefined) result.versionId = versionId
    if (removed?.meta.marker) result.deleteMarker = true
    return result
  })
}

/**
 * The version a delete by ID (or an unversioned delete) removes, once `check` allowed it;
 * undefined when the key has no such version.
 */
async function versionToRemove(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  versionId: string | undefined,
  options: DeleteObjectOptions,
): Promise<ChosenVersion | undefined> {
  let chosen: ChosenVersion
  try {
    chosen = await chooseRecord(ctx, bucket, key, versionId)
  } catch (error) {
    if (isS3ServerError(error) && (error.code === 'NoSuchKey' || error.code === 'NoSuchVersion'))
      return undefined
    throw error
  }
  if (!chosen.meta.marker) options.check?.(toObjectInfo(bucket, key, chosen.meta, false))
  return chosen
}

/**
 * Commits a delete marker as the key's newest version on every usable drive (the write quorum
 * of the STANDARD class must take it). Under Suspended it is the null version: `check` first
 * sees the null version it replaces. A marker that missed its quorum is taken back from the
 * drives that took it.
 */
async function writeDeleteMarker(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  options: DeleteObjectOptions,
): Promise<DeleteObjectResult> {
  const what = `DeleteObject ${bucket}/${key}`
  const redundancy = ctx.classes.standard
  const writeQuorum = writeQuorumOf(redundancy)
  const drives = await usableDrives(ctx, writeQuorum, what, true)
  await requireBucket(ctx, bucket, drives)
  const release = await lockForCommit(ctx, bucket, key)
  try {
    if (options.versioning === 'Suspended' && options.check) {
      await versionToRemove(ctx, bucket, key, 'null', options)
    }
    const version = newVersion(options.versioning) as DriveVersion
    const meta: EcMeta = {
      id: randomUUID(),
      size: 0,
      etag: '',
      mtime: Date.now(),
      contentType: '',
      headers: {},
      ...redundancy,
      blockSize: ctx.blockSize,
      dist: 0,
      shard: 0,
      version,
      marker: true,
    }
    const results = await onDrives(ctx, drives, (store) =>
      store.putDeleteMarker({ bucket, key, version, modified: meta.mtime, meta: encodeMeta(meta) }),
    )
    const done = results.filter((r) => r.ok)
    if (done.length < writeQuorum) {
      // Not a version: the drives that took it drop it (a null marker's null version is gone there).
      await onDrives(
        ctx,
        done.map((r) => r.drive),
        (store) => store.deleteObject(bucket, key, driveVersionIdOf(meta)),
      )
      requireDone(results, writeQuorum, what)
      throw writeQuorumError(what, done.length, writeQuorum)
    }
    return { versionId: version.id, deleteMarker: true }
  } finally {
    release()
  }
}

/** Throws unless `needed` drives took the change: a full drive's 507, NoSuchBucket, else 503. */
function requireDone(results: DriveResult<unknown>[], needed: number, what: string): void {
  const done = results.filter((r) => r.ok).length
  if (done >= needed) return
  const full = results.find((r) => !r.ok && codeOf(r.error) === 'XSiloStorageFull')
  if (full && !full.ok) throw full.error
  const noBucket = results.find((r) => !r.ok && codeOf(r.error) === 'NoSuchBucket')
  if (noBucket && !noBucket.ok && done === 0) throw noBucket.error
  throw writeQuorumError(what, done, needed)
}
