import { describe, expect, it } from 'vitest'
import { createReedSolomon, type ReedSolomon } from '../../../../../src/server/storage/erasure/codec/index.js'
import { createRandom } from './seeded-random.js'

const IMPLEMENTATIONS = ['wasm-simd', 'js'] as const
const CODES = [
  [1, 0],
  [1, 1],
  [2, 2],
  [4, 2],
  [4, 4],
  [6, 6],
  [8, 4],
  [8, 8],
  [12, 4],
  [14, 2],
] as const
const LENGTHS = [0, 1, 15, 16, 17, 1000, 65537]
/** Up to this many shards in all, every subset of lost shards is tried; above, a seeded sample. */
const EXHAUSTIVE_UP_TO = 8
const SAMPLED_LOSSES = 40
/** Long shards cost milliseconds per rebuild: fewer loss patterns for them. */
const LONG_SHARD = 4096
const SAMPLED_LOSSES_LONG = 6

type Random = ReturnType<typeof createRandom>

function encodeRandom(rs: ReedSolomon, length: number, random: Random) {
  const data = Array.from({ length: rs.dataShards }, () => random.bytes(length))
  const parity = Array.from({ length: rs.parityShards }, () => new Uint8Array(length))
  rs.encode(data, parity)
  return [...data, ...parity]
}

/** Every subset of 0..total-1 with at most `max` members. */
function allSubsets(total: number, max: number): number[][] {
  const out: number[][] = []
  const walk = (from: number, picked: number[]) => {
    out.push(picked)
    if (picked.length === max) return
    for (let i = from; i < total; i++) walk(i + 1, [...picked, i])
  }
  walk(0, [])
  return out
}

function randomSubset(total: number, size: number, random: Random): number[] {
  const indexes = Array.from({ length: total }, (_, i) => i)
  for (let i = total - 1; i > 0; i--) {
    const j = random.int(i + 1)
    ;[indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!]
  }
  return indexes.slice(0, size).sort((a, b) => a - b)
}

function lossPatterns(total: number, parity: number, length: number, random: Random): number[][] {
  if (total <= EXHAUSTIVE_UP_TO) return allSubsets(total, parity)
  const count = length >= LONG_SHARD ? SAMPLED_LOSSES_LONG : SAMPLED_LOSSES
  // Always the worst cases a read meets (the first `parity` data shards, every parity shard),
  // then random subsets of every size up to `parity`.
  const patterns = [
    Array.from({ length: parity }, (_, i) => i),
    Array.from({ length: parity }, (_, i) => total - 1 - i),
  ]
  for (let n = 0; n < count; n++) patterns.push(randomSubset(total, 1 + (n % parity), random))
  return patterns
}

describe.each(IMPLEMENTATIONS)('Reed-Solomon (%s)', (implementation) => {
  it('encodes the reference implementation’s known vector', () => {
    // Backblaze JavaReedSolomon, src/test/java/com/backblaze/erasure/ReedSolomonTest.java,
    // testOneEncode: a 5+5 code over these data shards gives this parity (the same
    // Vandermonde-derived matrix and field as klauspost/reedsolomon).
    const rs = createReedSolomon(5, 5, { implementation })
    const data = [
      [0, 1],
      [4, 5],
      [2, 3],
      [6, 7],
      [8, 9],
    ].map((bytes) => Uint8Array.from(bytes))
    const parity = Array.from({ length: 5 }, () => new Uint8Array(2))
    rs.encode(data, parity)
    expect(parity.map((p) => Array.from(p))).toEqual([
      [12, 13],
      [10, 11],
      [14, 15],
      [90, 91],
      [94, 95],
    ])
  })

  it.each(CODES)('%i+%i rebuilds every loss of up to parity shards, at every length', (data, parity) => {
    const rs = createReedSolomon(data, parity, { implementation })
    expect(rs.implementation).toBe(implementation)
    const random = createRandom(data * 1000 + parity)
    const total = data + parity
    let rebuilds = 0
    for (const length of LENGTHS) {
      const original = encodeRandom(rs, length, random)
      for (const lost of lossPatterns(total, parity, length, random)) {
        for (const dataOnly of [false, true]) {
          const shards: (Uint8Array | undefined)[] = original.map((s) => s.slice())
          for (const i of lost) shards[i] = undefined
          rs.reconstruct(shards, { dataOnly })
          for (let i = 0; i < total; i++) {
            if (dataOnly && i >= data && lost.includes(i)) {
              expect(shards[i]).toBeUndefined()
              continue
            }
            if (!Buffer.from(shards[i]!).equals(original[i]!)) {
              throw new Error(
                `shard ${i} differs after losing [${lost}] (length ${length}, dataOnly ${dataOnly})`,
              )
            }
          }
          rebuilds++
        }
      }
    }
    expect(rebuilds).toBeGreaterThan(LENGTHS.length)
  })

  it.each(CODES)('%i+%i refuses to rebuild more than parity lost shards', (data, parity) => {
    const rs = createReedSolomon(data, parity, { implementation })
    const shards: (Uint8Array | undefined)[] = encodeRandom(rs, 33, createRandom(data + parity))
    const total = data + parity
    for (let i = 0; i <= parity && i < total; i++) shards[i] = undefined
    const survivors = shards.slice()
    expect(() => rs.reconstruct(shards)).toThrow(RangeError)
    expect(() => rs.reconstruct(shards)).toThrow(
      `cannot reconstruct: ${parity + 1} of ${total} shards are missing, a ${data}+${parity} code rebuilds at most ${parity}`,
    )
    // Nothing was filled in on the way to the error.
    expect(shards).toEqual(survivors)
  })

  it('works on shards that are unaligned views into larger buffers', () => {
    const rs = createReedSolomon(6, 3, { implementation })
    const reference = createReedSolomon(6, 3, {
      implementation: implementation === 'js' ? 'wasm-simd' : 'js',
    })
    const random = createRandom(99)
    const length = 40_001
    const backing = random.bytes(6 * length + 7)
    const data = Array.from({ length: 6 }, (_, i) => backing.subarray(3 + i * length, 3 + (i + 1) * length))
    const parityBacking = new Uint8Array(3 * length + 5)
    const parity = Array.from({ length: 3 }, (_, i) =>
      parityBacking.subarray(1 + i * length, 1 + (i + 1) * length),
    )
    rs.encode(data, parity)
    const expected = Array.from({ length: 3 }, () => new Uint8Array(length))
    reference.encode(
      data.map((d) => d.slice()),
      expected,
    )
    expect(parity.map((p) => Buffer.from(p).equals(expected[parity.indexOf(p)]!))).toEqual([true, true, true])
    // The bytes around the views are left alone.
    expect([parityBacking[0], parityBacking[3 * length + 1]]).toEqual([0, 0])
    const shards: (Uint8Array | undefined)[] = [...data, ...parity]
    shards[0] = shards[2] = shards[7] = undefined
    rs.reconstruct(shards)
    expect(Buffer.from(shards[0]!).equals(data[0]!)).toBe(true)
    expect(Buffer.from(shards[2]!).equals(data[2]!)).toBe(true)
    expect(Buffer.from(shards[7]!).equals(parity[1]!)).toBe(true)
  })
})

describe('Reed-Solomon implementations agree', () => {
  it('wasm-simd and js give byte-identical parity for random inputs', () => {
    const random = createRandom(2024)
    for (let trial = 0; trial < 40; trial++) {
      const data = 1 + random.int(20)
      const parity = random.int(12)
      const length = random.int(trial < 30 ? 3000 : 200_000)
      const shards = Array.from({ length: data }, () => random.bytes(length))
      const [wasm, js] = (['wasm-simd', 'js'] as const).map((implementation) => {
        const out = Array.from({ length: parity }, () => new Uint8Array(length))
        createReedSolomon(data, parity, { implementation }).encode(shards, out)
        return out
      })
      for (let i = 0; i < parity; i++) {
        if (!Buffer.from(wasm![i]!).equals(js![i]!)) {
          throw new Error(
            `parity ${i} of ${data}+${parity} over ${length} bytes differs between wasm-simd and js`,
          )
        }
      }
    }
  })

  it('a 200+56 code (256 shards, wider than any kernel group) round-trips on both', () => {
    const random = createRandom(256)
    for (const implementation of IMPLEMENTATIONS) {
      const rs = createReedSolomon(200, 56, { implementation })
      const original = encodeRandom(rs, 100, random)
      const shards: (Uint8Array | undefined)[] = original.slice()
      const lost = randomSubset(256, 56, random)
      for (const i of lost) shards[i] = undefined
      rs.reconstruct(shards)
      expect(shards.every((s, i) => Buffer.from(s!).equals(original[i]!))).toBe(true)
    }
  })
})

describe('createReedSolomon', () => {
  it('caches one codec per data, parity and implementation', () => {
    expect(createReedSolomon(4, 2, { implementation: 'js' })).toBe(
      createReedSolomon(4, 2, { implementation: 'js' }),
    )
    expect(createReedSolomon(4, 2, { implementation: 'js' })).not.toBe(
      createReedSolomon(4, 2, { implementation: 'wasm-simd' }),
    )
  })

  it('picks WebAssembly SIMD by default where the runtime has it (Node 20 does)', () => {
    const rs = createReedSolomon(4, 2)
    expect(rs.implementation).toBe('wasm-simd')
    expect(rs).toBe(createReedSolomon(4, 2, { implementation: 'auto' }))
    expect([rs.dataShards, rs.parityShards]).toEqual([4, 2])
  })

  it.each([
    [0, 2],
    [4, -1],
    [200, 57],
    [2.5, 1],
    [Number.NaN, 1],
  ])('refuses %s+%s', (data, parity) => {
    expect(() => createReedSolomon(data, parity)).toThrow(
      `a Reed-Solomon code needs data >= 1, parity >= 0 and data + parity <= 256; got ${data}+${parity}`,
    )
  })

  it('refuses an unknown implementation', () => {
    // @ts-expect-error: not one of the names
    expect(() => createReedSolomon(4, 2, { implementation: 'gpu' })).toThrow(
      /unknown Reed-Solomon implementation "gpu"/,
    )
  })

  it('refuses shard lists of the wrong count or of unequal lengths', () => {
    const rs = createReedSolomon(3, 2, { implementation: 'js' })
    const shard = (n: number) => new Uint8Array(n)
    expect(() => rs.encode([shard(4), shard(4)], [shard(4), shard(4)])).toThrow(
      'encode of a 3+2 code got 2 data and 2 parity shards',
    )
    expect(() => rs.encode([shard(4), shard(4), shard(5)], [shard(4), shard(4)])).toThrow(
      'data shard 2 has 5 bytes, data shard 0 has 4',
    )
    expect(() => rs.encode([shard(4), shard(4), shard(4)], [shard(4), shard(3)])).toThrow(
      'parity shard 1 has 3 bytes, data shard 0 has 4',
    )
    expect(() => rs.reconstruct([shard(4), undefined, shard(4), shard(4)])).toThrow(
      'a 3+2 code has 5 shards, got 4',
    )
    expect(() => rs.reconstruct([shard(4), undefined, shard(4), shard(4), shard(2)])).toThrow(
      'shard 4 has 2 bytes, shard 0 has 4',
    )
  })

  it('reconstruct with nothing lost changes nothing', () => {
    const rs = createReedSolomon(2, 1)
    const shards = [Uint8Array.of(1), Uint8Array.of(2), Uint8Array.of(9)]
    const before = shards.slice()
    rs.reconstruct(shards)
    expect(shards).toEqual(before)
    expect(shards[2]).toBe(before[2])
  })
})
