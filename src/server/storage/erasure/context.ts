import { S3ServerError } from '../../errors.js'
import { latestIsDeleteMarker, noSuchVersion, versionIsDeleteMarker } from '../common/version-errors.js'
import type { DriveObject, StorageDrive } from '../storage-drive.js'
import type { BitrotAlgorithm } from './bitrot.js'
import type { DocumentCache } from './document-cache.js'
import type { DriveSet, ErasureDrive } from './drive-set.js'
import type { NamedLocks } from './key-locks.js'
import { type EcMeta, orderOf, parseMeta } from './object-meta.js'
import { readQuorumError, type StorageClasses, summarize, writeQuorumError } from './params.js'

/** What every erasure operation shares. */
export interface ErasureContext {
  set: DriveSet
  classes: StorageClasses
  blockSize: number
  /** The bitrot hash new writes use (reads use each object's own). */
  bitrot: BitrotAlgorithm
  locks: NamedLocks
  /** Bucket documents answered lately; absent when other servers write the drives too. */
  documents?: DocumentCache
}

/** One drive's answer to a call made on several drives. */
export type DriveResult<T> =
  | { drive: ErasureDrive; ok: true; value: T }
  | { drive: ErasureDrive; ok: false; error: unknown }

/**
 * Calls `fn` on each drive at once and collects every answer, failures included. A failure that
 * is not an S3 answer (an I/O error) makes the set re-check drive health before the next call.
 */
export async function onDrives<T>(
  ctx: ErasureContext,
  drives: readonly ErasureDrive[],
  fn: (store: StorageDrive, drive: ErasureDrive) => Promise<T>,
): Promise<DriveResult<T>[]> {
  return Promise.all(
    drives.map(async (drive): Promise<DriveResult<T>> => {
      try {
        const store = drive.store
        if (!store) throw new Error(`drive ${drive.endpoint} went offline`)
        return { drive, ok: true, value: await fn(store, drive) }
      } catch (error) {
        if (!(error instanceof S3ServerError)) ctx.set.suspect()
        return { drive, ok: false, error }
      }
    }),
  )
}

/** The S3 error code of a failure, if it is one. */
export function codeOf(error: unknown): string | undefined {
  return error instanceof S3ServerError ? error.code : undefined
}

/** The name an object's write lock goes by. */
export function lockNameOf(bucket: string, key: string): string {
  return `${bucket}\0${key}`
}

/** The name of a bucket's gate (no NUL: never an object's lock name). See KeyLocks. */
export function bucketLockNameOf(bucket: string): string {
  return `bucket:${bucket}`
}

/** The name of an upload's lock (no NUL: never an object's lock name). See KeyLocks. */
export function uploadLockNameOf(uploadId: string): string {
  return `upload:${uploadId}`
}

/**
 * Takes what a commit that adds or replaces `bucket/key` holds while its drives commit: the
 * bucket's gate, shared (so DeleteBucket cannot run half-way through it), then the object's
 * lock. Resolves with the release of both.
 */
export async function lockForCommit(ctx: ErasureContext, bucket: string, key: string): Promise<() => void> {
  const releaseGate = await ctx.locks.acquire(bucketLockNameOf(bucket), true)
  let releaseKey: () => void
  try {
    releaseKey = await ctx.locks.acquire(lockNameOf(bucket, key))
  } catch (e) {
    // Distributed locks can fail (503): the gate must not stay held.
    releaseGate()
    throw e
  }
  return () => {
    releaseKey()
    releaseGate()
  }
}

/**
 * Runs a change of `bucket` or its documents (see DocumentCache): what the cache kept of the
 * bucket is dropped before and after it.
 */
export function changingBucket<T>(ctx: ErasureContext, bucket: string, change: () => Promise<T>): Promise<T> {
  return ctx.documents ? ctx.documents.around(bucket, change) : change()
}

/** Runs `fn` holding what a commit to `bucket/key` holds (see lockForCommit). */
export async function withCommitLocks<T>(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  fn: () => Promise<T>,
): Promise<T> {
  const release = await lockForCommit(ctx, bucket, key)
  try {
    return await fn()
  } finally {
    release()
  }
}

/** Usable drives, or 503 when fewer than `needed` are. */
export async function usableDrives(
  ctx: ErasureContext,
  needed: number,
  what: string,
  write: boolean,
): Promise<ErasureDrive[]> {
  const drives = await ctx.set.usable()
  if (drives.length < needed) {
    if (!write) throw readQuorumError(what, drives.length, needed)
    const down = ctx.set.drives.filter((d) => !drives.includes(d))
    throw writeQuorumError(
      what,
      drives.length,
      needed,
      summarize(down.map((d) => `${d.endpoint} ${d.state}: ${d.reason}`)),
    )
  }
  return drives
}

/** Drives needed to read anything: half of them (a bucket or object is on more than that). */
export function minimumReadDrives(ctx: ErasureContext): number {
  return Math.ceil(ctx.set.size / 2)
}

/** An object version that enough drives agree on, and the drives holding it. */
export interface ChosenVersion {
  meta: EcMeta
  /** Each drive holding the version, its shard, and the metadata as that drive stores it. */
  holders: Array<{ drive: ErasureDrive; shard: number; stored: string }>
}

/**
 * The object version of `bucket/key` the drives agree on: the latest (see chooseRecord), or the
 * version `versionId`. A delete marker is NoSuchKey as the latest, 405 MethodNotAllowed by its ID
 * (`method` names the request), as S3 answers (common/version-errors.ts).
 */
export async function chooseObject(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  versionId?: string,
  method = 'GET',
): Promise<ChosenVersion> {
  const chosen = await chooseRecord(ctx, bucket, key, versionId)
  const { meta } = chosen
  if (meta.marker) {
    const id = meta.version?.id ?? 'null'
    if (versionId !== undefined) throw versionIsDeleteMarker(method, id, new Date(meta.mtime))
    throw latestIsDeleteMarker(key, id, new Date(meta.mtime))
  }
  return chosen
}

/**
 * The record of `bucket/key` the drives agree on, a delete marker included: with `versionId`
 * that version (NoSuchVersion when no version of that ID has read quorum), else the latest. The
 * latest is the newest version at least `data` drives hold: first among the records each drive
 * holds as its latest; when those do not agree (a write that reached too few drives is some
 * drives' latest), among every version the drives hold of the key.
 */
export async function chooseRecord(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<ChosenVersion> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), `read ${bucket}/${key}`, false)
  const results = await onDrives(ctx, drives, (store) => store.readObject(bucket, key, versionId))
  if (versionId !== undefined) {
    const chosen = pickAgreed(results)
    if (chosen) return chosen
    if (isBucketMissing(results)) throw new S3ServerError('NoSuchBucket', undefined, { BucketName: bucket })
    const best = groupVersions(results).sort((a, b) => b.holders.length - a.holders.length)[0]
    if (best && results.length < ctx.set.size) {
      throw readQuorumError(`${bucket}/${key}`, best.holders.length, best.meta.data)
    }
    throw noSuchVersion(key, versionId)
  }
  const chosen = pickAgreed(results)
  if (chosen) return chosen
  if (results.some((r) => r.ok)) {
    const every = await onDrives(ctx, drives, (store) => versionsOfKey(store, bucket, key))
    const records = every.flatMap((r): DriveResult<DriveObject>[] =>
      r.ok ? r.value.map((value) => ({ drive: r.drive, ok: true, value })) : [],
    )
    const agreed = pickAgreed(records)
    if (agreed) return agreed
  }
  return chooseVersion(ctx, results, bucket, key)
}

/** Every version and delete marker a drive holds of `key`, newest first. */
export async function versionsOfKey(
  store: StorageDrive,
  bucket: string,
  key: string,
): Promise<DriveObject[]> {
  const found: DriveObject[] = []
  let keyMarker: string | undefined
  let versionIdMarker: string | undefined
  while (true) {
    const page = await store.listObjectVersions({ bucket, prefix: key, keyMarker, versionIdMarker })
    for (const record of page.versions) {
      // The key itself sorts first among the keys it prefixes: past it, it is done.
      if (record.key !== key) return found
      found.push(record)
    }
    if (!page.isTruncated || page.nextKeyMarker !== key) return found
    keyMarker = page.nextKeyMarker
    versionIdMarker = page.nextVersionIdMarker
  }
}

/**
 * Picks the version of an object that drives agree on: the newest one held by at least `data`
 * drives (read quorum). Below that: NoSuchBucket when most drives lack the bucket, 503
 * XSiloReadQuorum when drives are offline that might hold it, else NoSuchKey (dangling leftovers
 * of a failed write, which heal removes).
 */
export function chooseVersion(
  ctx: ErasureContext,
  results: DriveResult<DriveObject>[],
  bucket: string,
  key: string,
): ChosenVersion {
  const chosen = pickAgreed(results)
  if (chosen) return chosen
  if (isBucketMissing(results)) throw new S3ServerError('NoSuchBucket', undefined, { BucketName: bucket })
  // Some drives hold a version, too few to read it, while others are offline: it may be there.
  const best = groupVersions(results).sort((a, b) => b.holders.length - a.holders.length)[0]
  if (best && results.length < ctx.set.size) {
    throw readQuorumError(`${bucket}/${key}`, best.holders.length, best.meta.data)
  }
  throw new S3ServerError('NoSuchKey', undefined, { Key: key })
}

/**
 * Whether at least half the drives that answered lack the bucket. One drive alone saying
 * NoSuchBucket proves nothing: a replaced drive lacks every bucket until heal re-creates them.
 */
export function isBucketMissing(results: readonly DriveResult<unknown>[]): boolean {
  const missing = results.filter((r) => !r.ok && codeOf(r.error) === 'NoSuchBucket').length
  return missing > 0 && missing >= results.length - missing
}

/** The newest version held by at least `data` drives, if any. */
export function pickAgreed(results: DriveResult<DriveObject>[]): ChosenVersion | undefined {
  return agreedVersions(results)[0]
}

/** The versions held by at least `data` drives, newest first. */
export function agreedVersions(results: DriveResult<DriveObject>[]): ChosenVersion[] {
  const agreed = groupVersions(results).filter((g) => g.holders.length >= g.meta.data)
  return agreed.sort(newestFirst)
}

/** Versions newest first (by order token; legacy writes by time), then by how many hold them. */
export function newestFirst(a: ChosenVersion, b: ChosenVersion): number {
  const x = orderOf(a.meta)
  const y = orderOf(b.meta)
  return x < y ? -1 : x > y ? 1 : b.holders.length - a.holders.length
}

/** Drives' metadata grouped by version. */
export function groupVersions(results: DriveResult<DriveObject>[]): ChosenVersion[] {
  const groups = new Map<string, ChosenVersion>()
  for (const r of results) {
    if (!r.ok) continue
    const meta = parseMeta(r.value.meta)
    if (!meta) continue
    const group = groups.get(meta.id) ?? { meta, holders: [] }
    group.holders.push({ drive: r.drive, shard: meta.shard, stored: r.value.meta! })
    // Drives that missed a metadata update still hold the version: the newest metadata is its.
    if ((meta.rev ?? 0) > (group.meta.rev ?? 0)) group.meta = meta
    groups.set(meta.id, group)
  }
  return [...groups.values()]
}
