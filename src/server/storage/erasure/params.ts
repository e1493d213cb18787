import { crc32 } from '../../crc32.js'
import { S3ServerError } from '../../errors.js'

/** Bytes of object data per erasure block: each block is split into `data` shards plus parity. */
export const BLOCK_SIZE = 1024 * 1024

/** Data and parity shards of one object. */
export interface Redundancy {
  data: number
  parity: number
}

/** The storage classes of a set of `drives` drives. */
export interface StorageClasses {
  standard: Redundancy
  reduced: Redundancy
}

/**
 * STANDARD parity defaults to half the drives (MinIO's default), REDUCED_REDUNDANCY to 2. Both
 * must leave at least as many data shards as parity ones, so any write quorum overlaps any read
 * quorum.
 */
export function resolveStorageClasses(
  drives: number,
  standardParity = drives / 2,
  reducedParity = Math.min(2, drives / 2),
): StorageClasses {
  for (const [name, parity] of [
    ['STANDARD', standardParity],
    ['REDUCED_REDUNDANCY', reducedParity],
  ] as const) {
    if (!Number.isInteger(parity) || parity < 1 || parity > drives / 2) {
      throw new RangeError(
        `${name} parity must be a whole number from 1 to ${drives / 2} for ${drives} drives, not ${parity}`,
      )
    }
  }
  return {
    standard: { data: drives - standardParity, parity: standardParity },
    reduced: { data: drives - reducedParity, parity: reducedParity },
  }
}

/** Parses MinIO's `EC:<parity>` storage-class form (env SILO_STORAGE_CLASS_STANDARD / _RRS). */
export function parseStorageClassParity(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined
  const match = /^EC:(\d+)$/.exec(value.trim())
  if (!match) throw new RangeError(`${name} must look like EC:<parity>, e.g. EC:2, not '${value}'`)
  return Number(match[1])
}

/** The redundancy for an object stored with `x-amz-storage-class` = `storageClass`. */
export function redundancyOf(classes: StorageClasses, storageClass: string | undefined): Redundancy {
  return storageClass === 'REDUCED_REDUNDANCY' ? classes.reduced : classes.standard
}

/**
 * Drives that must take a write: `data + 1` when data equals parity (so two halves can never
 * both win), else `data`. Either way more than the drives that can be lost.
 */
export function writeQuorumOf(r: Redundancy): number {
  return r.data === r.parity ? r.data + 1 : r.data
}

/** Drives that must agree on a bucket or document: a strict majority. */
export function majorityOf(drives: number): number {
  return Math.floor(drives / 2) + 1
}

/**
 * Where an object's shards go: shard `j` lives on drive `(start + j) mod n`, with `start` from
 * the CRC-32 of the key (MinIO's hashOrder), so parity shards spread over every drive.
 */
export function distributionStart(key: string, drives: number): number {
  return crc32(Buffer.from(key, 'utf8')) % drives
}

/** The shard drive `drive` holds for an object whose distribution starts at `start`. */
export function shardOfDrive(drive: number, start: number, drives: number): number {
  return (drive - start + drives) % drives
}

/**
 * 503 XSiloWriteQuorum: fewer drives took the write than it needs; `why` (the drives that did
 * not, and their reasons) is appended for the operator.
 */
export function writeQuorumError(what: string, got: number, needed: number, why?: string): S3ServerError {
  return new S3ServerError(
    'XSiloWriteQuorum',
    `${what}: only ${got} drives are available and ${needed} are needed; nothing was stored.${why ? ` (${why})` : ''}`,
  )
}

/** At most `max` distinct texts, joined, with how many more there were. */
export function summarize(texts: readonly string[], max = 4): string {
  const distinct = [...new Set(texts)]
  const more = distinct.length > max ? `; ${distinct.length - max} more` : ''
  return distinct.slice(0, max).join('; ') + more
}

/** 503 XSiloReadQuorum: too few drives hold a consistent copy to read. */
export function readQuorumError(what: string, got: number, needed: number): S3ServerError {
  return new S3ServerError(
    'XSiloReadQuorum',
    `${what}: only ${got} drives hold consistent data and ${needed} are needed to reconstruct it.`,
  )
}
