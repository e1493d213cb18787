/**
 * The heal API's wire shapes (`POST /silo/admin/v1/heal[/{bucket}[/{prefix...}]]`), shared by the
 * server's heal sequences, the erasure backend's heal steps and `AdminClient`, so the three cannot
 * drift apart. They follow MinIO's `madmin.HealResultItem` / `HealTaskStatus` (see
 * docs/admin-api.md#heal).
 */

/** A drive's state as heal and `info` report it. */
export type DriveState = 'ok' | 'offline' | 'corrupt' | 'missing'

/**
 * One drive of an erasure set.
 * @example
 * const drive: DriveStatus = { uuid: '', endpoint: '/data/d1', state: 'missing' }
 */
export interface DriveStatus {
  /** The drive's UUID from its format.json ('' when it has none). */
  uuid: string
  /** The directory as given on the command line. */
  endpoint: string
  state: DriveState
}

/** What kind of thing a heal result item is about. */
export type HealItemType = 'metadata' | 'bucket' | 'bucket-metadata' | 'object'

/**
 * What one heal step found and did.
 * @example
 * const healed = item.before.drives.some((d) => d.state !== 'ok') && item.after.drives.every((d) => d.state === 'ok')
 */
export interface HealResultItem {
  /** `metadata`: drive formats; `bucket`; `bucket-metadata`: bucket/system documents; `object`. */
  type: HealItemType
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
  /** An object's version (each version is healed as an item of its own; MinIO's `versionId`). */
  versionId?: string
}

/**
 * A heal result item as a poll hands it out: numbered 1, 2, ... within its sequence.
 * @example
 * for (const item of status.items) console.log(item.resultId, item.type, item.bucket, item.object)
 */
export interface HealStatusItem extends HealResultItem {
  resultId: number
}

/** Where a heal sequence is: running, finished (all steps done) or stopped (failed or stopped). */
export type HealSummary = 'running' | 'finished' | 'stopped'

/**
 * How a heal sequence was started.
 * @example
 * const settings: HealSettings = { recursive: true, dryRun: false }
 */
export interface HealSettings {
  recursive: boolean
  dryRun: boolean
}

/**
 * The answer to starting (or re-attaching to, or stopping) a heal sequence.
 * @example
 * const { clientToken } = await admin.heal({ bucket: 'photos', recursive: true })
 */
export interface HealStartResult {
  /** Pass it to `healStatus()` to poll; `"invalid"` when a stop found no sequence. */
  clientToken: string
  /** The IP address of the client that started the sequence. */
  clientAddress: string
  /** When the sequence started, ISO 8601. */
  startTime: string
}

/**
 * A poll's answer on the wire, with MinIO's capitalised keys (`madmin` reads them
 * case-insensitively; `AdminClient.healStatus()` returns the lower-case `HealStatus`).
 */
export interface HealStatusDocument {
  Summary: HealSummary
  /** Why the sequence stopped; absent when it did not fail. */
  Detail?: string
  StartTime: string
  /** Drives of the deployment (online and offline). */
  NumDisks: number
  Settings: HealSettings
  /** The items gathered since the previous poll, or null when there are none. */
  Items: HealStatusItem[] | null
}
