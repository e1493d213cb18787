/**
 * An in-memory Healer for the heal sequence tests: buckets of keys on 4 drives, every step
 * recorded with the options it got, and hooks to hold a step (to see a sequence running) or make
 * it throw. It tests sequence semantics, not healing: the erasure backend's own tests do that.
 */
import type { Healer, HealResultItem, HealStepOptions } from '../../../../src/server/storage/heal-types.js'

/** One recorded step call. */
export interface HealCall {
  step: string
  bucket?: string
  key?: string
  dryRun?: boolean
}

const DRIVES = ['/d1', '/d2', '/d3', '/d4']

/** Builds a result item whose drive 2 was missing before (and ok after unless a dry run). */
export function itemFor(
  type: HealResultItem['type'],
  bucket: string,
  object: string,
  options: HealStepOptions,
): HealResultItem {
  const before = DRIVES.map(
    (endpoint, i) => ({ uuid: '', endpoint, state: i === 1 ? 'missing' : 'ok' }) as const,
  )
  const after = options.dryRun
    ? before
    : DRIVES.map((endpoint) => ({ uuid: '', endpoint, state: 'ok' }) as const)
  return {
    type,
    bucket,
    object,
    detail: type === 'metadata' ? 'disk-format' : '',
    dataBlocks: type === 'object' ? 2 : 0,
    parityBlocks: type === 'object' ? 2 : 0,
    diskCount: 4,
    setCount: 1,
    before: { drives: [...before] },
    after: { drives: [...after] },
    objectSize: type === 'object' ? 5 : -1,
  }
}

/** The fake; `buckets` maps each bucket to its keys (kept sorted). */
export class FakeHealer implements Healer {
  readonly calls: HealCall[] = []
  /** Objects healing right now, and the most at once. */
  inFlight = 0
  maxInFlight = 0
  /** When set, healObject waits for it (a test releases it). */
  hold: Promise<void> | undefined
  /** When set, the named step throws this error. */
  failAt: { step: string; error: Error } | undefined

  constructor(readonly buckets: Record<string, string[]>) {}

  async healFormat(options: HealStepOptions): Promise<HealResultItem> {
    this.#record({ step: 'healFormat', dryRun: options.dryRun })
    return itemFor('metadata', '', '', options)
  }

  async healSystemDocuments(options: HealStepOptions): Promise<HealResultItem[]> {
    this.#record({ step: 'healSystemDocuments', dryRun: options.dryRun })
    return [itemFor('bucket-metadata', '.silo.sys', 'config/config.json', options)]
  }

  async listBucketsToHeal(): Promise<string[]> {
    return Object.keys(this.buckets).sort()
  }

  async healBucket(bucket: string, options: HealStepOptions): Promise<HealResultItem[]> {
    this.#record({ step: 'healBucket', bucket, dryRun: options.dryRun })
    return [
      itemFor('bucket', bucket, '', options),
      itemFor('bucket-metadata', bucket, 'policy.json', options),
    ]
  }

  async *listObjectsToHeal(bucket: string, prefix: string): AsyncIterable<string> {
    for (const key of [...(this.buckets[bucket] ?? [])].sort()) {
      if (key.startsWith(prefix)) yield key
    }
  }

  async healObject(bucket: string, key: string, options: HealStepOptions): Promise<HealResultItem> {
    this.inFlight += 1
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
    try {
      this.#record({ step: 'healObject', bucket, key, dryRun: options.dryRun })
      // A macrotask, so objects started together really overlap.
      await new Promise((resolve) => setTimeout(resolve, 1))
      if (this.hold) await this.hold
      return itemFor('object', bucket, key, options)
    } finally {
      this.inFlight -= 1
    }
  }

  #record(call: HealCall): void {
    this.calls.push(call)
    if (this.failAt?.step === call.step) throw this.failAt.error
  }
}
