/**
 * What an erasure-coded backend offers beyond the storage contract: its drive layout (for
 * `info`) and the heal steps a heal sequence (src/server/admin/heal/) runs one after another.
 * The single-drive backend has neither.
 *
 * The shapes follow MinIO's `madmin.HealResultItem` (see docs/admin-api.md#heal).
 */

import type { DriveStatus, HealResultItem } from '../../shared/admin/heal.js'

// The item and drive shapes are also the heal API's wire shapes, so they live in src/shared
// (one definition for the server, the backend and AdminClient).
export type { DriveState, DriveStatus, HealResultItem } from '../../shared/admin/heal.js'

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
  /**
   * Heals every version and delete marker of the object (as healObject does one): one item per
   * version the drives agree on, the latest first, each with its `versionId` when it has one.
   * Optional: a heal sequence uses it when present, else healObject.
   */
  healObjectVersions?(bucket: string, key: string, options: HealStepOptions): Promise<HealResultItem[]>
}
