import {
  changingBucket,
  codeOf,
  type ErasureContext,
  minimumReadDrives,
  onDrives,
  usableDrives,
} from './context.js'
import { majorityOf, writeQuorumError } from './params.js'

/**
 * Bucket and server-wide documents (policies, notification rules, configuration, IAM) are
 * small: every drive keeps a whole copy. A write needs a majority of drives; a read takes the
 * value most drives hold (a missing document counts as a value), so a drive that missed writes
 * while offline is outvoted. Bucket documents read are kept while nothing changes them, when
 * only this process writes the drives (DocumentCache).
 */

export async function getBucketDocument(
  ctx: ErasureContext,
  bucket: string,
  name: string,
): Promise<string | undefined> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), `read ${bucket} ${name}`, false)
  const cache = ctx.documents
  const epoch = ctx.set.epoch
  const kept = cache?.lookup(bucket, name, epoch)
  if (kept) return kept.value
  const generation = cache?.generation ?? 0
  const results = await onDrives(ctx, drives, (store) => store.getBucketDocument(bucket, name))
  const answers = results.filter((r) => r.ok || codeOf(r.error) === 'NoSuchBucket')
  const missingBucket = answers.filter((r) => !r.ok).length
  if (missingBucket > 0 && missingBucket >= answers.length - missingBucket) {
    const failure = answers.find((r) => !r.ok)!
    if (!failure.ok) throw failure.error
  }
  const value = mostCommon(results.flatMap((r) => (r.ok ? [r.value] : [])))
  // Every drive answered from its store (a failure makes the set look at the drives again).
  if (results.every((r) => r.ok) && ctx.set.epoch === epoch)
    cache?.keep(bucket, name, value, generation, epoch)
  return value
}

export async function putBucketDocument(
  ctx: ErasureContext,
  bucket: string,
  name: string,
  document: string | undefined,
): Promise<void> {
  const what = `store ${bucket} ${name}`
  const needed = majorityOf(ctx.set.size)
  const drives = await usableDrives(ctx, needed, what, true)
  const results = await changingBucket(ctx, bucket, () =>
    onDrives(ctx, drives, (store) => store.putBucketDocument(bucket, name, document)),
  )
  const done = results.filter((r) => r.ok).length
  if (done >= needed) return
  const missing = results.find((r) => !r.ok && codeOf(r.error) === 'NoSuchBucket')
  if (missing && !missing.ok && done === 0) throw missing.error
  throw writeQuorumError(what, done, needed)
}

export async function getSystemDocument(ctx: ErasureContext, path: string): Promise<string | undefined> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), `read ${path}`, false)
  const results = await onDrives(ctx, drives, (store) => store.getSystemDocument(path))
  return mostCommon(results.flatMap((r) => (r.ok ? [r.value] : [])))
}

export async function putSystemDocument(
  ctx: ErasureContext,
  path: string,
  document: string | undefined,
): Promise<void> {
  const what = `store ${path}`
  const needed = majorityOf(ctx.set.size)
  const drives = await usableDrives(ctx, needed, what, true)
  const results = await onDrives(ctx, drives, (store) => store.putSystemDocument(path, document))
  const done = results.filter((r) => r.ok).length
  if (done < needed) throw writeQuorumError(what, done, needed)
}

/** Paths held by at least half the drives. */
export async function listSystemDocuments(ctx: ErasureContext, prefix: string): Promise<string[]> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), `list ${prefix}`, false)
  const results = await onDrives(ctx, drives, (store) => store.listSystemDocuments(prefix))
  const counts = new Map<string, number>()
  for (const r of results) if (r.ok) for (const path of r.value) counts.set(path, (counts.get(path) ?? 0) + 1)
  const needed = Math.max(1, minimumReadDrives(ctx) - (ctx.set.size - drives.length))
  return [...counts]
    .filter(([, n]) => n >= needed)
    .map(([path]) => path)
    .sort()
}

/** The value most answers hold; on a tie, a present document over an absent one. */
export function mostCommon(values: (string | undefined)[]): string | undefined {
  const counts = new Map<string | undefined, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  let best: string | undefined
  let bestCount = 0
  for (const [value, count] of counts) {
    if (count > bestCount || (count === bestCount && best === undefined)) {
      best = value
      bestCount = count
    }
  }
  return best
}
