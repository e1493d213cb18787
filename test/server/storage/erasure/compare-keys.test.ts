import { describe, expect, it } from 'vitest'
import { compareUtf8 } from '../../../../src/server/storage/common/compare-utf8.js'
import { compareKeys } from '../../../../src/server/storage/erasure/version-walk.js'

/** Characters where UTF-16 and UTF-8 order differ: astral (surrogate pairs) against U+E000..U+FFFF. */
const ALPHABET = [
  'a',
  'z',
  '/',
  '\u00e9',
  '\u7fff',
  '\ud7ff',
  '\ue000',
  '\uffff',
  '\u{10000}',
  '\u{1f600}',
  '\u{10ffff}',
]

describe('compareKeys (the erasure version merge order)', () => {
  it('orders keys as their UTF-8 bytes, surrogate pairs after U+E000..U+FFFF', () => {
    let seed = 7
    const next = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0
      return seed / 2 ** 32
    }
    const key = () =>
      Array.from(
        { length: Math.floor(next() * 4) },
        () => ALPHABET[Math.floor(next() * ALPHABET.length)],
      ).join('')
    for (let i = 0; i < 5000; i++) {
      const a = key()
      const b = key()
      expect(Math.sign(compareKeys(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
        Math.sign(compareUtf8(a, b)),
      )
    }
    expect(compareKeys('\u{1f600}', '\uffff')).toBeGreaterThan(0)
    expect('\u{1f600}' < '\uffff').toBe(true)
  })
})
