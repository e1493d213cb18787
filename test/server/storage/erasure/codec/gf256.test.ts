import { describe, expect, it } from 'vitest'
import {
  gfInverse,
  gfMultiply,
  gfPower,
  MUL_TABLE,
  writeNibbleTables,
} from '../../../../../src/server/storage/erasure/codec/gf256.js'

const ALL = Array.from({ length: 256 }, (_, i) => i)

describe('GF(2^8) with polynomial 0x11d', () => {
  it('gives the products and powers of the reference implementation', () => {
    // Backblaze JavaReedSolomon, src/test/java/com/backblaze/erasure/GaloisTest.java,
    // testWithPythonAnswers (values its authors copied from their Python prototype).
    expect(gfMultiply(3, 4)).toBe(12)
    expect(gfMultiply(7, 7)).toBe(21)
    expect(gfMultiply(23, 45)).toBe(41)
    expect(gfPower(2, 2)).toBe(4)
    expect(gfPower(5, 20)).toBe(235)
    expect(gfPower(13, 7)).toBe(43)
  })

  it('has 1 as identity and 0 as absorbing element', () => {
    for (const a of ALL) {
      expect(gfMultiply(a, 1)).toBe(a)
      expect(gfMultiply(1, a)).toBe(a)
      expect(gfMultiply(a, 0)).toBe(0)
    }
  })

  it('gives every non-zero element an inverse, and none to 0', () => {
    for (const a of ALL.slice(1)) expect(gfMultiply(a, gfInverse(a))).toBe(1)
    expect(() => gfInverse(0)).toThrow(RangeError)
  })

  it('is commutative, associative and distributive over XOR', () => {
    for (const a of ALL) {
      for (const b of ALL) {
        const ab = gfMultiply(a, b)
        expect(ab).toBe(gfMultiply(b, a))
        for (let c = 0; c < 256; c += 7) {
          if (gfMultiply(a, b ^ c) !== (ab ^ gfMultiply(a, c))) {
            throw new Error(`distributivity fails for a=${a} b=${b} c=${c}`)
          }
          if (gfMultiply(ab, c) !== gfMultiply(a, gfMultiply(b, c))) {
            throw new Error(`associativity fails for a=${a} b=${b} c=${c}`)
          }
        }
      }
    }
  })

  it('has a power of 2 for every non-zero element (2 generates the field)', () => {
    const seen = new Set(Array.from({ length: 255 }, (_, n) => gfPower(2, n)))
    expect(seen.size).toBe(255)
    expect(seen.has(0)).toBe(false)
  })

  it('fills the product table and nibble tables with the same products', () => {
    const nibbles = new Uint8Array(32)
    for (const c of ALL) {
      writeNibbleTables(c, nibbles, 0)
      for (const x of ALL) {
        const product = gfMultiply(c, x)
        if (MUL_TABLE[c * 256 + x] !== product || (nibbles[x & 15]! ^ nibbles[16 + (x >> 4)]!) !== product) {
          throw new Error(`tables disagree with gfMultiply(${c}, ${x}) = ${product}`)
        }
      }
    }
  })
})
