import { bucketLockNameOf, codeOf } from '../erasure/context.js'
import type { NamedLocks } from '../erasure/key-locks.js'
import type { ErasureSet } from '../erasure.js'
import type { BucketInfo } from '../object-layer.js'
import { firstRejection } from './first-rejection.js'

/**
 * Buckets of several erasure sets. Every set holds every bucket (an object lives in its key's
 * set); the first set answers for it (getBucket, listBuckets, its documents). CreateBucket and
 * DeleteBucket hold the bucket's gate exclusively across every set: the sets share their locks,
 * and every commit into the bucket, in any set, holds that gate shared (erasure/key-locks.ts), so
 * neither meets a commit half-way, nor the other. What a crash leaves half-done (the first set
 * with the bucket, another without) heal completes (completeBucketOnSets).
 */

/**
 * Creates the bucket on every set, the first set first: its answer (BucketAlreadyOwnedByYou...)
 * is the request's before another set is touched. A set that already holds the bucket (left by a
 * create cut short) is as good as one that makes it. If a set fails, the sets that made it
 * delete it again (nothing is in it: the gate held every commit back) and the failure is thrown.
 */
export async function createBucketOnSets(
  sets: readonly ErasureSet[],
  locks: NamedLocks,
  name: string,
  region: string,
): Promise<BucketInfo> {
  const [first, ...others] = sets as [ErasureSet, ...ErasureSet[]]
  return locks.with(bucketLockNameOf(name), async () => {
    const info = await first.layer.createBucket(name, region)
    const results = await Promise.allSettled(others.map((set) => set.layer.createBucket(name, region)))
    const made = [first, ...others.filter((_, i) => results[i]!.status === 'fulfilled')]
    const failed = firstRejection(
      results.filter((r) => r.status === 'rejected' && codeOf(r.reason) !== 'BucketAlreadyOwnedByYou'),
    )
    if (!failed) return info
    await Promise.allSettled(made.map((set) => set.removeBucket(name)))
    throw failed.reason
  })
}

/**
 * Deletes the bucket from every set: NoSuchBucket from the first set; every set is looked at
 * (BucketNotEmpty if any holds an object, a version or a delete marker) before any deletes it.
 * The first set deletes it last: until then the bucket is there, and if a set fails to delete
 * it, the sets that did re-create it (empty, as it was in them) and the failure is thrown.
 */
export async function deleteBucketOnSets(
  sets: readonly ErasureSet[],
  locks: NamedLocks,
  name: string,
): Promise<void> {
  const first = sets[0]!
  await locks.with(bucketLockNameOf(name), async () => {
    const { region } = await first.layer.getBucket(name)
    // Every set finishes looking (none is left removing leftovers once the gate is let go).
    const looked = await Promise.allSettled(sets.map((set) => set.emptyBucket(name)))
    const rest: ErasureSet[] = []
    for (const [i, r] of looked.entries()) {
      if (r.status === 'rejected' && (i === 0 || codeOf(r.reason) !== 'NoSuchBucket')) throw r.reason
      if (i > 0 && r.status === 'fulfilled') rest.push(sets[i]!)
    }
    const results = await Promise.allSettled(rest.map((set) => set.removeBucket(name)))
    const removed = rest.filter((_, i) => results[i]!.status === 'fulfilled')
    const failed = firstRejection(results)
    try {
      if (failed) throw failed.reason
      await first.removeBucket(name)
    } catch (error) {
      await Promise.allSettled(removed.map((set) => set.layer.createBucket(name, region)))
      throw error
    }
  })
}

/**
 * Creates the bucket on the sets that lack it while the first set holds it (a create or delete
 * cut short), unless `dryRun`. Resolves with the numbers (1-based) of the sets that lacked it.
 */
export async function completeBucketOnSets(
  sets: readonly ErasureSet[],
  locks: NamedLocks,
  name: string,
  dryRun: boolean,
): Promise<number[]> {
  const [first, ...others] = sets as [ErasureSet, ...ErasureSet[]]
  return locks.with(bucketLockNameOf(name), async () => {
    const bucket = await first.layer.getBucket(name).catch(absentAsFalse)
    if (!bucket) return []
    const held = await Promise.all(
      others.map((set) => set.layer.getBucket(name).then(() => true, absentAsFalse)),
    )
    const lacking = others.filter((_, i) => !held[i])
    if (!dryRun) {
      const results = await Promise.allSettled(
        lacking.map((set) => set.layer.createBucket(name, bucket.region)),
      )
      const failed = firstRejection(results)
      if (failed) throw failed.reason
    }
    return lacking.map((set) => sets.indexOf(set) + 1)
  })
}

/** NoSuchBucket as `false` (the set lacks the bucket); any other failure rethrown. */
function absentAsFalse(error: unknown): false {
  if (codeOf(error) === 'NoSuchBucket') return false
  throw error
}
