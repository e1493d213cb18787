import { compareUtf8 } from '../common/compare-utf8.js'
import type { Healer, HealResultItem, HealStepOptions } from '../heal-types.js'
import { mergeSorted } from './merge-sorted.js'

/** What the healer of several sets needs besides each set's healer. */
export interface SetsHealerOptions {
  /** The healer of the set `key` belongs to. */
  healerOf(key: string): Healer
  /**
   * Creates the bucket on sets that lack it while the first set holds it (unless `dryRun`);
   * resolves with their numbers (1-based).
   */
  completeBucket(bucket: string, dryRun: boolean): Promise<number[]>
}

/**
 * The heal steps of several erasure sets: the format and system-document steps run on every
 * set, the bucket step completes the bucket across the sets and then runs on every set, and an
 * object heals in its key's set. The format item and the bucket item cover every set's drives
 * (in set order, MinIO's `setCount`); the items of documents and objects are each set's own.
 */
export function createSetsHealer(healers: readonly Healer[], options: SetsHealerOptions): Healer {
  const onEvery = <T>(step: (healer: Healer) => Promise<T>) => Promise.all(healers.map(step))
  return {
    healFormat: async (step) => mergeItems(await onEvery((h) => h.healFormat(step))),
    healSystemDocuments: async (step) => (await onEvery((h) => h.healSystemDocuments(step))).flat(),
    listBucketsToHeal: async () => {
      const names = new Set((await onEvery((h) => h.listBucketsToHeal())).flat())
      return [...names].sort()
    },
    healBucket: (bucket, step) => healBucket(healers, options, bucket, step),
    listObjectsToHeal: (bucket, prefix) =>
      mergeSorted(
        healers.map((h) => h.listObjectsToHeal(bucket, prefix)),
        compareUtf8,
        (a, b) => a === b,
      ),
    healObject: (bucket, key, step) => options.healerOf(key).healObject(bucket, key, step),
    // An erasure set's healer has it (erasure/heal.ts).
    healObjectVersions: (bucket, key, step) => options.healerOf(key).healObjectVersions!(bucket, key, step),
  }
}

/** One bucket item over every set's drives, then each set's document items. */
async function healBucket(
  healers: readonly Healer[],
  options: SetsHealerOptions,
  bucket: string,
  step: HealStepOptions,
): Promise<HealResultItem[]> {
  const lacking = await options.completeBucket(bucket, step.dryRun)
  const perSet = await Promise.all(healers.map((h) => h.healBucket(bucket, step)))
  // Each set's first item is its bucket item (erasure/heal.ts).
  const item = mergeItems(perSet.map((items) => items[0]!))
  if (lacking.length > 0) {
    const what = `missing from set ${lacking.join(', ')} (${step.dryRun ? 'would be re-created' : 're-created'})`
    item.detail = item.detail ? `${item.detail}; ${what}` : what
  }
  return [item, ...perSet.flatMap((items) => items.slice(1))]
}

/** The sets' items of one step as one: every drive, in set order; the distinct details. */
function mergeItems(items: HealResultItem[]): HealResultItem {
  const first = items[0]!
  return {
    ...first,
    detail: [...new Set(items.map((i) => i.detail).filter((d) => d !== ''))].join('; '),
    diskCount: items.reduce((sum, i) => sum + i.diskCount, 0),
    setCount: items.length,
    before: { drives: items.flatMap((i) => i.before.drives) },
    after: { drives: items.flatMap((i) => i.after.drives) },
  }
}
