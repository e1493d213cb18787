import type { HealResultItem, HealSettings } from '../../../shared/admin/heal.js'
import { isS3ServerError } from '../../errors.js'
import type { Healer } from '../../storage/heal-types.js'
import type { HealTarget } from './heal-target.js'

/**
 * Objects healed at once. Healing a small object is mostly waiting: for the drives' reads and for
 * the commit (an fsync) on the drive being rebuilt, which the drive's group commit shares among
 * the objects committing together. 4 at once left a wiped drive's commits ~4 objects each and a
 * heal of 10,000 objects of 1 KiB at ~600 objects/s; 16 share each fsync 4 times as widely
 * (issue 18; docs/benchmarks.md). Bounded so that big objects, each holding a few blocks of
 * shards while it heals, cannot take much memory together.
 */
export const HEAL_OBJECT_CONCURRENCY = 16

/** What a walk needs besides the healer and what to heal. */
export interface WalkHealOptions {
  settings: HealSettings
  /** Hands one item on; may wait (the buffer is full) and rejects when the sequence is stopped. */
  push(item: HealResultItem): Promise<void>
  /** Aborted when the sequence is asked to stop; the walk then ends after the steps running. */
  signal: AbortSignal
}

/**
 * The steps of one heal sequence, in MinIO's order (reference 5.5): drive formats, system
 * documents, then per bucket the bucket and its documents and its objects — without `recursive`
 * only the object named exactly by the prefix, with it every key under the prefix,
 * HEAL_OBJECT_CONCURRENCY at a time. Every step gets `{ dryRun }`. The first step that throws
 * ends the walk with its error.
 *
 * @example
 * await walkHeal(healer, { bucket: 'photos', prefix: '' }, { settings, push, signal })
 */
export async function walkHeal(healer: Healer, target: HealTarget, options: WalkHealOptions): Promise<void> {
  const { push, signal } = options
  const step = { dryRun: options.settings.dryRun }
  await push(await healer.healFormat(step))
  if (signal.aborted) return
  for (const item of await healer.healSystemDocuments(step)) await push(item)
  const buckets = target.bucket === '' ? await healer.listBucketsToHeal() : [target.bucket]
  for (const bucket of buckets) {
    if (signal.aborted) return
    for (const item of await healer.healBucket(bucket, step)) await push(item)
    if (signal.aborted) return
    if (options.settings.recursive) {
      await healEach(
        healer.listObjectsToHeal(bucket, target.prefix),
        HEAL_OBJECT_CONCURRENCY,
        signal,
        (key) => healOne(healer, bucket, key, options),
      )
    } else if (target.prefix !== '' && (await holdsKey(healer, bucket, target.prefix))) {
      await healOne(healer, bucket, target.prefix, options)
    }
  }
}

async function healOne(healer: Healer, bucket: string, key: string, options: WalkHealOptions): Promise<void> {
  let items: HealResultItem[]
  const step = { dryRun: options.settings.dryRun }
  try {
    // Every version of the object, one item each, when the backend keeps versions.
    items = healer.healObjectVersions
      ? await healer.healObjectVersions(bucket, key, step)
      : [await healer.healObject(bucket, key, step)]
  } catch (e) {
    // Deleted by a client between the listing and its heal: nothing left to heal (as MinIO).
    if (isS3ServerError(e) && e.code === 'NoSuchKey') return
    throw e
  }
  for (const item of items) await options.push(item)
}

/** Whether any drive holds exactly `key` (the listing is sorted, so it stops past it). */
async function holdsKey(healer: Healer, bucket: string, key: string): Promise<boolean> {
  for await (const listed of healer.listObjectsToHeal(bucket, key)) {
    if (listed === key) return true
    if (listed > key) return false
  }
  return false
}

/**
 * Runs `work` for every key with at most `limit` at once; the first failure stops taking new
 * keys, lets the running ones end, and is thrown.
 */
async function healEach(
  keys: AsyncIterable<string>,
  limit: number,
  signal: AbortSignal,
  work: (key: string) => Promise<void>,
): Promise<void> {
  const iterator = keys[Symbol.asyncIterator]()
  // One `next()` at a time: an iterator need not support overlapping calls.
  let queue: Promise<unknown> = Promise.resolve()
  const pull = (): Promise<IteratorResult<string>> => {
    const next = queue.then(() => iterator.next())
    queue = next.catch(() => undefined)
    return next
  }
  let failed = false
  let failure: unknown
  let exhausted = false
  const worker = async (): Promise<void> => {
    while (!failed && !signal.aborted) {
      try {
        const next = await pull()
        if (next.done) {
          exhausted = true
          return
        }
        await work(next.value)
      } catch (e) {
        if (!failed) {
          failed = true
          failure = e
        }
        return
      }
    }
  }
  await Promise.all(Array.from({ length: limit }, worker))
  // Ending early: let the listing release what it holds (open directories, snapshots).
  if (!exhausted) await iterator.return?.().catch(() => undefined)
  if (failed) throw failure
}
