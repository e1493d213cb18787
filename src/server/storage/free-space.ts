import { statfsSync } from 'node:fs'
import { S3ServerError } from '../errors.js'

const MiB = 1024 * 1024

/**
 * The default reserve is 1% of the drive (MinIO refuses writes past 99% full, its
 * diskFillFraction), at least MIN_RESERVE and at most MAX_RESERVE. The floor is what LMDB needs
 * to commit deletes on a full drive: a commit copies every page it changes (copy-on-write), and a
 * group commit of 1,000 deletes touches at most a few thousand 4 KiB pages (~4-8 MiB); on a
 * 64 MiB drive 1% alone (0.6 MiB) would not cover that. The cap keeps a 100 TB drive from
 * setting aside a terabyte for what a few MiB do.
 */
const RESERVE_FRACTION = 0.01
const MIN_RESERVE = 8 * MiB
const MAX_RESERVE = 1024 * MiB

/** Environment variable holding the reserve (`64MiB`, `1GiB`, a number of bytes, or 0 for none). */
export const RESERVE_ENV = 'SILO_FREE_SPACE_RESERVE'

/** The reserve of a drive of `total` bytes when none is configured. */
function defaultReserve(total: number): number {
  return Math.min(MAX_RESERVE, Math.max(MIN_RESERVE, Math.floor(total * RESERVE_FRACTION)))
}

/** Parses a reserve: a number of bytes, optionally with a KiB, MiB or GiB suffix; undefined when empty. */
export function parseReserve(value: string | undefined, name = RESERVE_ENV): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const match = /^(\d+)\s*(KiB|MiB|GiB|)$/i.exec(value.trim())
  if (!match)
    throw new RangeError(`${name} must be a number of bytes, e.g. 0, 67108864 or 64MiB, not '${value}'`)
  const unit = { '': 1, kib: 1024, mib: MiB, gib: 1024 * MiB }[match[2]!.toLowerCase()]!
  return Number(match[1]) * unit
}

/** 507 XSiloStorageFull, naming what was refused. */
export function storageFull(detail?: string): S3ServerError {
  return new S3ServerError('XSiloStorageFull', detail)
}

/**
 * Whether `error` says the file system is out of space or quota: ENOSPC / EDQUOT from Node's fs
 * (string codes), or from LMDB (numeric errno, on the error or on the `commitError` cause lmdb-js
 * attaches to a failed commit).
 */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 28 || code === 122
}

/** How a guard learns about its drive. */
export interface FreeSpaceOptions {
  /** Bytes to keep free; default {@link defaultReserve} of the drive's size. */
  reserve?: number
  /**
   * Bytes the metadata store can reuse without growing its file (pages freed by deletes): room
   * for data stored inside the metadata store, which statfs does not see.
   */
  reclaimable?: () => number
}

/** What a write asks room for. */
export interface AdmitRequest {
  /** Bytes of new data (0 when unknown: only the reserve is checked). */
  bytes: number
  /** The bytes go into the metadata store (an inline object), where freed pages count as room. */
  inMetadata?: boolean
}

interface Look {
  free: number
  reserve: number
}

/**
 * Keeps the last `reserve` bytes of a drive for metadata commits (deletes above all), so a full
 * drive refuses new data with 507 XSiloStorageFull before LMDB ever runs out of space, and
 * DELETE can always commit and free space. Every admission looks at the file system afresh, so
 * space freed by deletes or taken by other programs counts at once; writes admitted and not yet
 * finished are charged against it, so concurrent writes cannot all take the same free bytes.
 */
export class FreeSpaceGuard {
  readonly #dir: string
  readonly #options: FreeSpaceOptions
  /** Bytes admitted and not yet released (partly on disk already: counting them whole errs safe). */
  #inFlight = 0

  constructor(dir: string, options: FreeSpaceOptions = {}) {
    this.#dir = dir
    this.#options = options
  }

  /**
   * Admits a write or throws 507 XSiloStorageFull when it would leave less than the reserve
   * free. Returns the release, to call once the write settled (stored or not).
   */
  admit(request: AdmitRequest): () => void {
    const bytes = Math.max(0, request.bytes)
    const look = this.#look()
    if (look && !this.#fits(look, bytes, request.inMetadata)) {
      throw storageFull(
        `Not enough free space for ${bytes} more bytes: the drive keeps its last ${look.reserve} bytes for metadata. Please delete a few objects to proceed.`,
      )
    }
    this.#inFlight += bytes
    let released = false
    return () => {
      if (released) return
      released = true
      this.#inFlight -= bytes
    }
  }

  /**
   * What to answer for a write that failed: 507 XSiloStorageFull when the file system is out of
   * space (by the error's code, or because less than the reserve is free now), else the error.
   */
  explain(error: unknown): unknown {
    if (isDiskFull(this.#dir, error)) return storageFull()
    const look = this.#look()
    return look && look.free < look.reserve ? storageFull() : error
  }

  #fits(look: Look, bytes: number, inMetadata = false): boolean {
    const room = look.free - this.#inFlight - bytes
    if (room >= look.reserve) return true
    if (!inMetadata || !this.#options.reclaimable) return false
    return room + this.#options.reclaimable() >= look.reserve
  }

  #look(): Look | undefined {
    const space = readSpace(this.#dir)
    if (!space) return undefined
    return { free: space.free, reserve: this.#options.reserve ?? defaultReserve(space.total) }
  }
}

/**
 * Free and total bytes of the file system holding `dir` (undefined when it cannot be looked at:
 * callers then let the operation itself report why). statfs reads counters the kernel keeps in
 * memory: the synchronous call costs ~1.4 µs here, the promise one 7-14 µs of CPU for its
 * thread-pool hand-off (20,000 calls each, this 2-core VM), so a look per write is cheaper than
 * any cache that could go stale.
 */
export function readSpace(dir: string): { free: number; total: number } | undefined {
  try {
    const s = statfsSync(dir)
    return { free: s.bavail * s.bsize, total: s.blocks * s.bsize }
  } catch {
    return undefined
  }
}

/** Whether `error` comes from `dir`'s file system running out of space: by its code, or as good as no space is left. */
export function isDiskFull(dir: string, error: unknown): boolean {
  return isOutOfSpace(error) || (readSpace(dir)?.free ?? Number.POSITIVE_INFINITY) < MiB
}
