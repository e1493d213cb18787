/**
 * How big each multipart part is. S3 allows at most 10,000 parts of 5 MiB to 5 GiB (the last may
 * be smaller), so the part size decides both the largest object and the memory an upload holds
 * (about part size × concurrency).
 *
 * - Both start from the base part size: the `partSize` upload option, else the smaller of the
 *   client's `partSize` and 16 MiB for a known size, 6 MiB for a stream of unknown length (so the
 *   part buffers of an unknown-length upload stay near 30 MiB with the default concurrency: a 1 GiB
 *   stream of fresh 64 KiB chunks peaked at 121-124 MiB of client RSS with 6 MiB parts, 134-136
 *   with 8 MiB, the input's garbage adding ~30 MiB until V8 collects it; issue 18).
 * - Known size: the base, raised to a whole number of MiB that fits the object in 10,000 parts
 *   (5 TiB → 525 MiB parts), as minio-js's calculatePartSize does.
 * - Unknown size: we cannot see the end, and starting at the 528 MiB a 5 TiB stream would need
 *   (as minio-js does) buffers half a GiB per part. Instead part n is `start × 2^⌊(n−1)/1000⌋`
 *   (capped at 5 GiB): 1,000 parts at the start size, 1,000 at twice that, and so on. With
 *   6 MiB the 10,000 parts hold about 5.85 TiB (above the 5 TiB object limit; 5 MiB would hold
 *   only 4.9 TiB); a 1 GiB stream is 171 parts of 6 MiB. The schedule is deterministic, so a
 *   resumed upload cuts the same parts (an upload begun by an SDK that started at 8 MiB is
 *   resumed by sending its parts again: their sizes differ, so none is skipped).
 */
import { MAX_PART_SIZE, MIN_PART_SIZE } from '../constants.js'
import { InvalidArgumentError } from '../errors.js'

const MiB = 1024 * 1024
/** Most parts one multipart upload may have. */
export const MAX_PARTS = 10_000
/** Largest object S3 stores: 5 TiB. */
export const MAX_OBJECT_SIZE = 5 * 1024 * 1024 * MiB
/** Objects larger than this go multipart (the seed's multipart threshold). */
export const MULTIPART_THRESHOLD = MIN_PART_SIZE
/** Base part size of known-size uploads when no `partSize` option is given. */
export const KNOWN_SIZE_BASE = 16 * MiB
/** Start size of unknown-length uploads when no `partSize` option is given. */
export const UNKNOWN_SIZE_START = 6 * MiB
const PARTS_PER_STEP = 1000

/** Size of part `partNumber` (1-based). */
export type PartSizeOf = (partNumber: number) => number

/**
 * The part size for an object of known size.
 * @example
 * knownSizePartSize(5 * 1024 ** 4, 64 * 1024 ** 2) // 550502400 (525 MiB)
 */
export function knownSizePartSize(size: number, base: number): number {
  if (size > MAX_OBJECT_SIZE) {
    throw new InvalidArgumentError(`Invalid size: ${size} bytes exceed the 5 TiB limit of one object`)
  }
  const needed = Math.ceil(Math.ceil(size / MAX_PARTS) / MiB) * MiB
  return Math.min(Math.max(base, needed, MIN_PART_SIZE), MAX_PART_SIZE)
}

/**
 * The growing part-size schedule for a stream of unknown length.
 * @example
 * const sizeOf = unknownSizeSchedule(8 * 1024 ** 2)
 * sizeOf(1) // 8 MiB; sizeOf(1001) // 16 MiB
 */
export function unknownSizeSchedule(start: number): PartSizeOf {
  return (partNumber) => {
    if (partNumber > MAX_PARTS) {
      throw new InvalidArgumentError(
        `The stream is longer than ${MAX_PARTS} parts can hold (${capacity(start)} bytes with a start part size of ${start}); pass a larger partSize option`,
      )
    }
    return Math.min(start * 2 ** Math.floor((partNumber - 1) / PARTS_PER_STEP), MAX_PART_SIZE)
  }
}

/**
 * Bytes the 10,000 parts of a schedule hold.
 * @example
 * capacity(8 * 1024 ** 2) > 5 * 1024 ** 4 // true
 */
export function capacity(start: number): number {
  const sizeOf = unknownSizeSchedule(start)
  let total = 0
  for (let n = 1; n <= MAX_PARTS; n += PARTS_PER_STEP) total += sizeOf(n) * PARTS_PER_STEP
  return total
}
