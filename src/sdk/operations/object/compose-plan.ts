/**
 * Planning a server-side compose: the byte ranges of each source, and how they are cut into
 * UploadPartCopy parts within S3's limits (minio-js's even split).
 */
import { InvalidArgumentError } from '../../errors.js'

/** S3 multipart limits that compose must respect. */
export const COMPOSE_LIMITS = {
  /** Smallest part but the last (5 MiB). */
  minPartSize: 5 * 1024 * 1024,
  /** Largest single CopyObject / part (5 GiB). */
  maxPartSize: 5 * 1024 ** 3,
  /** Largest object (5 TiB). */
  maxObjectSize: 5 * 1024 ** 4,
  /** Parts per upload, and sources per compose. */
  maxParts: 10_000,
} as const

/** Part size bound of the even split: 5 TiB / 9,999, so a 5 TiB object still fits 10,000 parts. */
export const SPLIT_PART_SIZE = COMPOSE_LIMITS.maxObjectSize / (COMPOSE_LIMITS.maxParts - 1)

/** What a source contributes: bytes `start` .. `start + length - 1` of the object. */
export interface SourceSegment {
  start: number
  length: number
}

/** One UploadPartCopy: part number and the source bytes it copies (inclusive). */
export interface PlannedPart {
  partNumber: number
  sourceIndex: number
  start: number
  end: number
}

/** The range options of a source (the fields of CopySourceOptions compose reads). */
export interface RangeOptions {
  MatchRange: boolean
  Start: number
  End: number
}

/**
 * The segment source `index` contributes, checked against its size (minio-js's rules and messages):
 * a range must lie inside the object; every source but the last must be at least 5 MiB.
 * @example
 * segmentOf({ MatchRange: true, Start: 0, End: 9 }, 100, 0, 1) // { start: 0, length: 10 }
 */
export function segmentOf(range: RangeOptions, size: number, index: number, count: number): SourceSegment {
  let segment: SourceSegment = { start: 0, length: size }
  if (range.MatchRange) {
    const { Start: start, End: end } = range
    if (end >= size || start < 0 || end < start) {
      throw new InvalidArgumentError(
        `CopySrcOptions ${index} has invalid segment-to-copy [${start}, ${end}] (size is ${size})`,
      )
    }
    segment = { start, length: end - start + 1 }
  }
  if (segment.length < COMPOSE_LIMITS.minPartSize && index < count - 1) {
    throw new InvalidArgumentError(
      `CopySrcOptions ${index} is too small (${segment.length}) and it is not the last part.`,
    )
  }
  return segment
}

/**
 * How many parts a segment of `length` bytes needs with parts of at most `partSize`.
 * @example
 * partsNeeded(0) // 0
 */
export function partsNeeded(length: number, partSize: number = SPLIT_PART_SIZE): number {
  return Math.ceil(length / partSize)
}

/**
 * Cuts every segment into even parts of at most `partSize` bytes (no part of a large segment is
 * much smaller than the others, so none falls under 5 MiB), numbering parts from 1 across
 * sources. Throws when the total exceeds 5 TiB or 10,000 parts.
 * @example
 * planParts([{ start: 0, length: 6 << 20 }, { start: 0, length: 10 }])
 * // [{ partNumber: 1, sourceIndex: 0, start: 0, end: 6291455 }, { partNumber: 2, sourceIndex: 1, start: 0, end: 9 }]
 */
export function planParts(
  segments: readonly SourceSegment[],
  partSize: number = SPLIT_PART_SIZE,
): PlannedPart[] {
  let total = 0
  let count = 0
  for (const segment of segments) {
    total += segment.length
    if (total > COMPOSE_LIMITS.maxObjectSize) {
      throw new InvalidArgumentError(`Cannot compose an object of size ${total} (> 5TiB)`)
    }
    count += partsNeeded(segment.length, partSize)
    if (count > COMPOSE_LIMITS.maxParts) {
      throw new InvalidArgumentError(
        `Your proposed compose object requires more than ${COMPOSE_LIMITS.maxParts} parts`,
      )
    }
  }
  const parts: PlannedPart[] = []
  segments.forEach((segment, sourceIndex) => {
    const n = partsNeeded(segment.length, partSize)
    const base = Math.floor(segment.length / n)
    const extra = segment.length % n
    let start = segment.start
    for (let i = 0; i < n; i++) {
      const length = base + (i < extra ? 1 : 0)
      parts.push({ partNumber: parts.length + 1, sourceIndex, start, end: start + length - 1 })
      start += length
    }
  })
  return parts
}
