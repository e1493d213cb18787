import { describe, expect, it } from 'vitest'
import { filtersOverlap, findCommonKey } from '../../../src/shared/events/overlap.js'

const f = (prefix: string, suffix: string) => ({ prefix, suffix })

describe('filter overlap', () => {
  it.each([
    // [a, b, shortest common key or undefined]
    [f('', ''), f('', ''), 'a'],
    [f('images/', ''), f('', ''), 'images/'],
    [f('images/', ''), f('images/2024/', ''), 'images/2024/'],
    [f('images/', ''), f('docs/', ''), undefined],
    [f('', '.jpg'), f('', '.png'), undefined],
    [f('', '.jpg'), f('', 'photo.jpg'), 'photo.jpg'],
    [f('', 'x.jpg'), f('', 'y.jpg'), undefined],
    [f('images/', ''), f('', '.jpg'), 'images/.jpg'],
    [f('images/', '.jpg'), f('images/', '.png'), undefined],
    [f('images/', '.jpg'), f('docs/', '.jpg'), undefined],
    [f('a/', '.jpg'), f('a/b/', ''), 'a/b/.jpg'],
    // Prefix and suffix may share characters: 'ab' + 'ba' → 'aba'.
    [f('ab', ''), f('', 'ba'), 'aba'],
    [f('abc', ''), f('', 'bcd'), 'abcd'],
    // The shortest shared key must still be a valid key (≤ 1,024 bytes).
    [f('p'.repeat(600), ''), f('', 's'.repeat(600)), undefined],
    [f('p'.repeat(512), ''), f('', 's'.repeat(512)), `${'p'.repeat(512)}${'s'.repeat(512)}`],
  ])('%j and %j → %j', (a, b, key) => {
    expect(findCommonKey(a, b)).toBe(key)
    expect(findCommonKey(b, a)).toBe(key)
    expect(filtersOverlap(a, b)).toBe(key !== undefined)
  })

  it('the key it reports really passes both filters', () => {
    const a = f('logs/2024', '')
    const b = f('logs/', '24.gz')
    const key = findCommonKey(a, b)!
    for (const filter of [a, b]) {
      expect(key.startsWith(filter.prefix) && key.endsWith(filter.suffix)).toBe(true)
    }
  })
})
