import { S3ServerError } from '../../errors.js'
import type { BucketInfo } from '../types.js'
import { codeOf, type ErasureContext, minimumReadDrives, onDrives, usableDrives } from './context.js'
import type { ErasureDrive } from './drive-set.js'
import { listObjects } from './listing.js'
import { majorityOf, writeQuorumError } from './params.js'

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
  const results = await onDrives(ctx, drives, (backend) => backend.getBucket(name))
  const found = results.flatMap((r) => (r.ok ? [r.value] : []))
  if (found.length === 0 || found.length < minimumReadDrives(ctx) - (ctx.set.size - drives.length)) {
    throw new S3ServerError('NoSuchBucket', undefined, { BucketName: name })
  }
  return found.sort((a, b) => a.created.getTime() - b.created.getTime())[0]!
}

/** Buckets at least half the drives hold, sorted by name. */
export async function listBuckets(ctx: ErasureContext): Promise<BucketInfo[]> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), 'ListBuckets', false)
  const results = await onDrives(ctx, drives, (backend) => backend.listBuckets())
  const seen = new Map<string, { info: BucketInfo; count: number }>()
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
    .map((e) => e.info)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** Creates the bucket on every usable drive; BucketAlreadyOwnedByYou when most already have it. */
export async function createBucket(ctx: ErasureContext, name: string, region: string): Promise<BucketInfo> {
  const what = `CreateBucket ${name}`
  const needed = majorityOf(ctx.set.size)
  const drives = await usableDrives(ctx, needed, what, true)
  const results = await onDrives(ctx, drives, (backend) => backend.createBucket(name, region))
  const created = results.filter((r) => r.ok)
  const existing = results.filter((r) => !r.ok && codeOf(r.error) === 'BucketAlreadyOwnedByYou').length
  if (existing >= needed || (created.length === 0 && existing > 0)) {
    throw new S3ServerError('BucketAlreadyOwnedByYou', undefined, { BucketName: name })
  }
  if (created.length + existing < needed) {
    await onDrives(
      ctx,
      created.map((r) => r.drive),
      (backend) => backend.deleteBucket(name),
    )
    throw writeQuorumError(what, created.length + existing, needed)
  }
  const first = created[0]!
  return first.ok ? first.value : { name, created: new Date(), region }
}

/**
 * Deletes an empty bucket from every usable drive. Objects a drive still holds that the set does
 * not agree on (leftovers of failed writes) do not keep the bucket alive: they go with it.
 */
export async function deleteBucket(ctx: ErasureContext, name: string): Promise<void> {
  const what = `DeleteBucket ${name}`
  const needed = majorityOf(ctx.set.size)
  const drives = await usableDrives(ctx, needed, what, true)
  await requireBucket(ctx, name, drives)
  const listed = await listObjects(ctx, { bucket: name, maxKeys: 1 })
  if (listed.objects.length > 0) throw new S3ServerError('BucketNotEmpty', undefined, { BucketName: name })
  const results = await onDrives(ctx, drives, async (backend) => {
    try {
      await backend.deleteBucket(name)
    } catch (error) {
      if (codeOf(error) !== 'BucketNotEmpty') throw error
      await removeLeftovers(backend, name)
      await backend.deleteBucket(name)
    }
  })
  const done = results.filter((r) => r.ok || codeOf(r.error) === 'NoSuchBucket').length
  if (done < needed) throw writeQuorumError(what, done, needed)
}

async function removeLeftovers(backend: NonNullable<ErasureDrive['backend']>, bucket: string): Promise<void> {
  while (true) {
    const page = await backend.listObjects({ bucket, maxKeys: 1000 })
    for (const object of page.objects) await backend.deleteObject(bucket, object.key)
    if (!page.isTruncated) return
  }
}
