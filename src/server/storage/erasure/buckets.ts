import { S3ServerError } from '../../errors.js'
import type { BucketInfo } from '../object-layer.js'
import type { DriveBucket, DriveObject } from '../storage-drive.js'
import {
  bucketLockNameOf,
  changingBucket,
  codeOf,
  type DriveResult,
  type ErasureContext,
  groupVersions,
  lockNameOf,
  minimumReadDrives,
  onDrives,
  usableDrives,
  versionsOfKey,
} from './context.js'
import { listHoldersOnDrives } from './drive-pages.js'
import type { ErasureDrive } from './drive-set.js'
import { parseMeta } from './object-meta.js'
import { majorityOf, readQuorumError, writeQuorumError } from './params.js'

/**
 * Buckets exist on every drive. A bucket is there when at least half the drives have it (a
 * create or delete reaches a majority, so a bucket and its absence cannot both pass); creating
 * and deleting need a majority.
 */

/** The bucket as the drives agree on it, or NoSuchBucket. */
export async function getBucket(ctx: ErasureContext, name: string): Promise<BucketInfo> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), `read bucket ${name}`, false)
  return requireBucket(ctx, name, drives)
}

/** NoSuchBucket unless at least half of `drives` have the bucket. */
export async function requireBucket(
  ctx: ErasureContext,
  name: string,
  drives: readonly ErasureDrive[],
): Promise<BucketInfo> {
  const results = await onDrives(ctx, drives, (store) => store.getBucket(name))
  const found = results.flatMap((r) => (r.ok ? [r.value] : []))
  if (found.length === 0 || found.length < minimumReadDrives(ctx) - (ctx.set.size - drives.length)) {
    throw new S3ServerError('NoSuchBucket', undefined, { BucketName: name })
  }
  return toBucketInfo(found.sort((a, b) => a.created - b.created)[0]!)
}

/**
 * NoSuchBucket unless enough of `drives` have the bucket (requireBucket), before a write reads its
 * body; answered from the cache while nothing changed the bucket or the drives (DocumentCache).
 * The write's commit looks again on each drive, under the bucket's gate.
 */
export async function requireBucketToWrite(
  ctx: ErasureContext,
  name: string,
  drives: readonly ErasureDrive[],
): Promise<void> {
  const cache = ctx.documents
  const epoch = ctx.set.epoch
  if (cache?.found(name, epoch)) return
  const generation = cache?.generation ?? 0
  await requireBucket(ctx, name, drives)
  if (ctx.set.epoch === epoch) cache?.keepFound(name, generation, epoch)
}

/** The bucket as clients see it. */
function toBucketInfo(bucket: DriveBucket): BucketInfo {
  return { name: bucket.name, created: new Date(bucket.created), region: bucket.region }
}

/** Buckets at least half the drives hold, sorted by name. */
export async function listBuckets(ctx: ErasureContext): Promise<BucketInfo[]> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), 'ListBuckets', false)
  const results = await onDrives(ctx, drives, (store) => store.listBuckets())
  const seen = new Map<string, { info: DriveBucket; count: number }>()
  for (const r of results) {
    if (!r.ok) continue
    for (const info of r.value) {
      const entry = seen.get(info.name) ?? { info, count: 0 }
      entry.count++
      seen.set(info.name, entry)
    }
  }
  const needed = minimumReadDrives(ctx) - (ctx.set.size - drives.length)
  return [...seen.values()]
    .filter((e) => e.count >= Math.max(1, needed))
    .map((e) => toBucketInfo(e.info))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** Creates the bucket on every usable drive; BucketAlreadyOwnedByYou when most already have it. */
export async function createBucket(ctx: ErasureContext, name: string, region: string): Promise<BucketInfo> {
  const what = `CreateBucket ${name}`
  const needed = majorityOf(ctx.set.size)
  const drives = await usableDrives(ctx, needed, what, true)
  const results = await changingBucket(ctx, name, () =>
    onDrives(ctx, drives, (store) => store.createBucket(name, region)),
  )
  const created = results.filter((r) => r.ok)
  const existing = results.filter((r) => !r.ok && codeOf(r.error) === 'BucketAlreadyOwnedByYou').length
  if (existing >= needed || (created.length === 0 && existing > 0)) {
    throw new S3ServerError('BucketAlreadyOwnedByYou', undefined, { BucketName: name })
  }
  if (created.length + existing < needed) {
    await changingBucket(ctx, name, () =>
      onDrives(
        ctx,
        created.map((r) => r.drive),
        (store) => store.deleteBucket(name),
      ),
    )
    throw writeQuorumError(what, created.length + existing, needed)
  }
  const first = created[0]!
  return first.ok ? toBucketInfo(first.value) : { name, created: new Date(), region }
}

/**
 * Deletes an empty bucket from every usable drive: BucketNotEmpty while the drives agree on any
 * object in it, any version or delete marker included. It holds the bucket's gate exclusively, so no commit into the bucket is
 * half-way while it looks and deletes (a PUT waiting at the gate then finds the bucket gone and
 * fails with NoSuchBucket, its shards removed). What a drive still holds that cannot be read
 * (shards of a write that failed, which no commit is adding to now) does not keep the bucket
 * alive: it goes with it.
 */
export async function deleteBucket(ctx: ErasureContext, name: string): Promise<void> {
  await ctx.locks.with(bucketLockNameOf(name), async () => {
    await emptyBucket(ctx, name)
    await removeBucket(ctx, name)
  })
}

/**
 * DeleteBucket's checks (see deleteBucket): NoSuchBucket, BucketNotEmpty, 503; removes the
 * leftovers. The caller holds the bucket's gate exclusively until removeBucket is done.
 */
export async function emptyBucket(ctx: ErasureContext, name: string): Promise<void> {
  const drives = await usableDrives(ctx, majorityOf(ctx.set.size), `DeleteBucket ${name}`, true)
  await requireBucket(ctx, name, drives)
  await removeLeftovers(ctx, name, drives)
}

/** Deletes the bucket emptyBucket found empty from every usable drive; the caller holds the gate. */
export async function removeBucket(ctx: ErasureContext, name: string): Promise<void> {
  const what = `DeleteBucket ${name}`
  const needed = majorityOf(ctx.set.size)
  const drives = await usableDrives(ctx, needed, what, true)
  const results = await changingBucket(ctx, name, () =>
    onDrives(ctx, drives, (store) => store.deleteBucket(name)),
  )
  const done = results.filter((r) => r.ok || codeOf(r.error) === 'NoSuchBucket').length
  if (done < needed) {
    // A drive found an object the scan did not (it failed to list): the bucket is not empty.
    const notEmpty = results.find((r) => !r.ok && codeOf(r.error) === 'BucketNotEmpty')
    if (notEmpty && !notEmpty.ok && done === 0) throw notEmpty.error
    throw writeQuorumError(what, done, needed)
  }
}

/**
 * Looks at every version and delete marker any drive holds in `bucket`: BucketNotEmpty at the
 * first one the drives agree on, 503 at one that might be readable with the offline drives back,
 * and removes the rest (leftovers no read could ever return). A key whose latest record is a
 * version on some drive has all its versions looked at; a key written without versioning has only
 * its one record. The caller holds the bucket's gate.
 */
async function removeLeftovers(ctx: ErasureContext, bucket: string, drives: ErasureDrive[]): Promise<void> {
  const offline = ctx.set.size - drives.length
  for await (const { key, holders, unanswered } of listHoldersOnDrives(ctx, drives, bucket, '')) {
    let records = holders
    if (holders.some((h) => h.ok && parseMeta(h.value.meta)?.version !== undefined)) {
      const listed = await onDrives(ctx, drives, (store) => versionsOfKey(store, bucket, key))
      records = listed.flatMap((r): DriveResult<DriveObject>[] =>
        r.ok ? r.value.map((value) => ({ drive: r.drive, ok: true, value })) : [],
      )
    }
    const versions = groupVersions(records)
    if (versions.some((v) => v.holders.length >= v.meta.data)) {
      throw new S3ServerError('BucketNotEmpty', undefined, { BucketName: bucket })
    }
    const maybe = versions.find((v) => v.holders.length + offline + unanswered >= v.meta.data)
    if (maybe) throw readQuorumError(`DeleteBucket ${bucket}: ${key}`, maybe.holders.length, maybe.meta.data)
    // Heal may be looking at the same leftover: take turns on it.
    await ctx.locks.with(lockNameOf(bucket, key), () =>
      Promise.all(
        versions.map((v) =>
          onDrives(
            ctx,
            v.holders.map((h) => h.drive),
            (store) => store.deleteObject(bucket, key, v.meta.version?.id),
          ),
        ),
      ),
    )
  }
}
