/**
 * What an erasure-coded backend offers beyond the storage contract: its drive layout (for
 * `info`) and the heal steps a heal sequence (src/server/admin/heal/) runs one after another.
 * The single-drive backend has neither.
 *
 * The shapes follow MinIO's `madmin.HealResultItem` (see docs/admin-api.md#heal).
 */

/** A drive's state as heal and `info` report it. */
export type DriveState = 'ok' | 'offline' | 'corrupt' | 'missing'

/** One drive of an erasure set. */
export interface DriveStatus {
  /** The drive's UUID from its format.json ('' when it has none). */
  uuid: string
  /** The directory as given on the command line. */
  endpoint: string
  state: DriveState
}

/** What one heal step found and did. */
export interface HealResultItem {
  /** `metadata`: drive formats; `bucket`; `bucket-metadata`: bucket/system documents; `object`. */
  type: 'metadata' | 'bucket' | 'bucket-metadata' | 'object'
  bucket: string
  object: string
  /** 'disk-format' for the format step, an error message when the step failed, else ''. */
  detail: string
  /** Data and parity shards of an object (0 for other items). */
  dataBlocks: number
  parityBlocks: number
  diskCount: number
  setCount: number
  /** Every drive's state before the step, in set order. */
  before: { drives: DriveStatus[] }
  /** Every drive's state after it (equal to `before` on a dry run). */
  after: { drives: DriveStatus[] }
  /** The object's size in bytes; -1 when unknown or not an object. */
  objectSize: number
}

/** Options of every heal step. */
export interface HealStepOptions {
  /** Inspect and report only: change nothing on any drive. */
  dryRun: boolean
}

/** The drives and erasure settings of a backend, for `info`. */
export interface ErasureLayout {
  setCount: number
  /** Drives in set order. */
  drives: DriveStatus[]
  /** Data and parity of the STANDARD storage class. */
  standard: { data: number; parity: number }
  /** Data and parity of REDUCED_REDUNDANCY. */
  reduced: { data: number; parity: number }
}

/**
 * The heal steps. Each returns result items and never throws for a damaged drive (that is what
 * the items report); it throws only when the step cannot run at all (below read quorum...).
 */
export interface Healer {
  /** Writes format.json to drives that lost it (a replaced, empty drive). One 'metadata' item. */
  healFormat(options: HealStepOptions): Promise<HealResultItem>
  /** Server-wide documents (configuration, IAM): 'bucket-metadata' items with bucket '.silo.sys'. */
  healSystemDocuments(options: HealStepOptions): Promise<HealResultItem[]>
  /** Names of buckets that any online drive holds, sorted. */
  listBucketsToHeal(): Promise<string[]>
  /**
   * Recreates the bucket on drives that miss it (or, below quorum, removes its leftovers), then
   * its documents: one 'bucket' item and one 'bucket-metadata' item per document.
   */
  healBucket(bucket: string, options: HealStepOptions): Promise<HealResultItem[]>
  /** Keys under `prefix` that any online drive holds, sorted, each once. */
  listObjectsToHeal(bucket: string, prefix: string): AsyncIterable<string>
  /**
   * Verifies every shard of the object (bitrot hashes included), rebuilds missing, stale and
   * corrupt ones; an object without read quorum on any drive is dangling and is removed.
   */
  healObject(bucket: string, key: string, options: HealStepOptions): Promise<HealResultItem>
}
