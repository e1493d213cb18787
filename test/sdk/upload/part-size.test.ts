import { describe, expect, it } from 'vitest'
import { cutParts } from '../../../src/sdk/upload/cut-parts.js'
import {
  capacity,
  knownSizePartSize,
  MAX_OBJECT_SIZE,
  UNKNOWN_SIZE_START,
  unknownSizeSchedule,
} from '../../../src/sdk/upload/part-size.js'

const MiB = 1024 * 1024

describe('part sizes', () => {
  it('known size: the base part size, raised so 5 TiB fits in 10,000 parts', () => {
    expect(knownSizePartSize(1024 * MiB, 64 * MiB)).toBe(64 * MiB)
    expect(knownSizePartSize(MAX_OBJECT_SIZE, 64 * MiB)).toBe(525 * MiB)
    expect(Math.ceil(MAX_OBJECT_SIZE / knownSizePartSize(MAX_OBJECT_SIZE, 64 * MiB))).toBeLessThanOrEqual(
      10_000,
    )
    expect(() => knownSizePartSize(MAX_OBJECT_SIZE + 1, 64 * MiB)).toThrow(/5 TiB/)
  })

  it('unknown size: doubles every 1,000 parts up to 5 GiB, and 10,000 parts at the 6 MiB start hold more than 5 TiB', () => {
    const sizeOf = unknownSizeSchedule(UNKNOWN_SIZE_START)
    expect([1, 1000, 1001, 2001, 8001, 9001].map(sizeOf)).toEqual(
      [6, 6, 12, 24, 1536, 3072].map((m) => m * MiB),
    )
    expect(capacity(UNKNOWN_SIZE_START)).toBeGreaterThan(MAX_OBJECT_SIZE)
    // The smallest whole-MiB start that still covers the largest object.
    expect(capacity(5 * MiB)).toBeLessThan(MAX_OBJECT_SIZE)
    expect(() => sizeOf(10_001)).toThrow(/10000 parts/)
  })
})

describe('cutParts', () => {
  async function* chunks(sizes: number[]) {
    for (const s of sizes) yield new Uint8Array(s).fill(s % 251)
  }
  it('cuts across chunk boundaries and keeps the remainder as the last part', async () => {
    const parts = []
    for await (const p of cutParts(chunks([3, 4, 2]), () => 4)) parts.push([p.partNumber, p.bytes.byteLength])
    expect(parts).toEqual([
      [1, 4],
      [2, 4],
      [3, 1],
    ])
  })
  it('does not ask for a part after a stream that ends on a part boundary', async () => {
    const asked: number[] = []
    const sizeOf = (n: number) => {
      asked.push(n)
      if (n > 2) throw new Error('no part 3')
      return 4
    }
    const parts = []
    for await (const p of cutParts(chunks([8]), sizeOf)) parts.push(p.bytes.byteLength)
    expect(parts).toEqual([4, 4])
  })
})
