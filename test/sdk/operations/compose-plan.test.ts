/** composeObject's part plan: ranges checked with minio-js's messages, sources cut evenly. */
import { describe, expect, it } from 'vitest'
import {
  COMPOSE_LIMITS,
  partsNeeded,
  planParts,
  SPLIT_PART_SIZE,
  segmentOf,
} from '../../../src/sdk/operations/object/compose-plan.js'

const MiB = 1024 * 1024
const whole = { MatchRange: false, Start: 0, End: 0 }

describe('segmentOf', () => {
  it('takes the whole object, or the inclusive range', () => {
    expect(segmentOf(whole, 100, 0, 1)).toEqual({ start: 0, length: 100 })
    expect(segmentOf({ MatchRange: true, Start: 10, End: 19 }, 100, 0, 1)).toEqual({ start: 10, length: 10 })
  })

  it('refuses a range past the object, with minio-js message', () => {
    expect(() => segmentOf({ MatchRange: true, Start: 0, End: 100 }, 100, 2, 3)).toThrow(
      'CopySrcOptions 2 has invalid segment-to-copy [0, 100] (size is 100)',
    )
  })

  it('refuses a non-last source under 5 MiB, but not the last', () => {
    expect(() => segmentOf(whole, 5 * MiB - 1, 0, 2)).toThrow(
      'CopySrcOptions 0 is too small (5242879) and it is not the last part.',
    )
    expect(segmentOf(whole, 1, 1, 2)).toEqual({ start: 0, length: 1 })
  })
})

describe('planParts', () => {
  it('numbers one part per small source from 1', () => {
    expect(
      planParts([
        { start: 0, length: 6 * MiB },
        { start: 3, length: 10 },
      ]),
    ).toEqual([
      { partNumber: 1, sourceIndex: 0, start: 0, end: 6 * MiB - 1 },
      { partNumber: 2, sourceIndex: 1, start: 3, end: 12 },
    ])
  })

  it('cuts a large source into even parts within the bound, covering it exactly', () => {
    const length = Math.floor(2 * SPLIT_PART_SIZE) + 12345
    const parts = planParts([{ start: 7, length }])
    expect(parts).toHaveLength(3)
    expect(parts[0]!.start).toBe(7)
    expect(parts.at(-1)!.end).toBe(7 + length - 1)
    for (let i = 1; i < parts.length; i++) expect(parts[i]!.start).toBe(parts[i - 1]!.end + 1)
    const sizes = parts.map((p) => p.end - p.start + 1)
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(SPLIT_PART_SIZE)
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2, 3])
  })

  it('splits with a smaller bound too, part numbers running on across sources', () => {
    const parts = planParts(
      [
        { start: 0, length: 25 },
        { start: 0, length: 5 },
      ],
      10,
    )
    expect(parts.map((p) => [p.partNumber, p.sourceIndex, p.start, p.end])).toEqual([
      [1, 0, 0, 8],
      [2, 0, 9, 16],
      [3, 0, 17, 24],
      [4, 1, 0, 4],
    ])
  })

  it('refuses more than 5 TiB or more than 10,000 parts', () => {
    expect(() => planParts([{ start: 0, length: COMPOSE_LIMITS.maxObjectSize + 1 }])).toThrow(/> 5TiB/)
    const many = Array.from({ length: 10_001 }, () => ({ start: 0, length: 1 }))
    expect(() => planParts(many)).toThrow(/more than 10000 parts/)
  })

  it('a 5 TiB object still fits in 10,000 parts', () => {
    expect(partsNeeded(COMPOSE_LIMITS.maxObjectSize)).toBeLessThanOrEqual(COMPOSE_LIMITS.maxParts)
  })
})
