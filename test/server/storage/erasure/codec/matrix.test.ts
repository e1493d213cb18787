import { describe, expect, it } from 'vitest'
import {
  buildEncodingMatrix,
  invertMatrix,
  multiplyMatrices,
} from '../../../../../src/server/storage/erasure/codec/matrix.js'
import { createRandom } from './seeded-random.js'

const identity = (n: number) =>
  Array.from({ length: n }, (_, r) => Uint8Array.from({ length: n }, (_, c) => (r === c ? 1 : 0)))

describe('encoding matrix', () => {
  it('is systematic: its top square is the identity', () => {
    for (const [data, parity] of [
      [1, 1],
      [4, 2],
      [8, 4],
      [17, 3],
    ] as const) {
      const matrix = buildEncodingMatrix(data, parity)
      expect(matrix).toHaveLength(data + parity)
      expect(matrix.slice(0, data)).toEqual(identity(data))
    }
  })

  it('has an invertible square for every choice of surviving rows (sampled)', () => {
    const random = createRandom(7)
    const data = 10
    const matrix = buildEncodingMatrix(data, 6)
    for (let trial = 0; trial < 200; trial++) {
      const rows = Array.from({ length: 16 }, (_, i) => i)
      for (let i = rows.length - 1; i > 0; i--) {
        const j = random.int(i + 1)
        ;[rows[i], rows[j]] = [rows[j]!, rows[i]!]
      }
      const square = rows.slice(0, data).map((r) => matrix[r]!)
      expect(multiplyMatrices(square, invertMatrix(square))).toEqual(identity(data))
    }
  })

  it('refuses to invert a singular matrix', () => {
    const singular = [Uint8Array.of(1, 2), Uint8Array.of(1, 2)]
    expect(() => invertMatrix(singular)).toThrow(/singular/)
  })
})
