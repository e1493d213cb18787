import { describe, expect, it } from 'vitest'
import { compileLike } from '../../../../src/server/select/eval/like.js'

describe('compileLike', () => {
  const cases: [string, string, string | undefined, boolean][] = [
    ['abc', 'abc', undefined, true],
    ['abc', 'a%', undefined, true],
    ['abc', '%c', undefined, true],
    ['abc', '%b%', undefined, true],
    ['abc', 'a_c', undefined, true],
    ['abc', 'a_', undefined, false],
    ['', '%', undefined, true],
    ['', '_', undefined, false],
    ['a.c', 'a.c', undefined, true],
    ['abc', 'a.c', undefined, false],
    ['a(b', 'a(%', undefined, true],
    ['a%b', 'a!%b', '!', true],
    ['axb', 'a!%b', '!', false],
    ['a_b', 'a!_b', '!', true],
    ['a!b', 'a!!b', '!', true],
    // `_` is one character, also outside the Basic Multilingual Plane.
    ['😀', '_', undefined, true],
    ['😀x', '__', undefined, true],
    ['😀x', '___', undefined, false],
    ['x😀y', '%_y', undefined, true],
    ['line\nbreak', 'line%break', undefined, true],
    ['mississippi', '%ss%ss%', undefined, true],
    ['mississippi', '%ss%ss%ss%', undefined, false],
  ]
  it.each(cases)('%j LIKE %j (escape %j) is %s', (text, pattern, escapeChar, expected) => {
    expect(compileLike(pattern, escapeChar)(text)).toBe(expected)
  })

  it('a pattern of many % against a long text that almost matches finishes (no backtracking blow-up)', () => {
    // A regular expression for this pattern backtracks through O(n^k) ways to place the %s.
    const pattern = `${'%a'.repeat(12)}%b`
    const text = 'a'.repeat(200_000)
    expect(compileLike(pattern, undefined)(text)).toBe(false)
  })

  it('refuses an escape that is not one character, or that escapes nothing', () => {
    expect(() => compileLike('a', '!!')).toThrow(/one character/)
    expect(() => compileLike('a!', '!')).toThrow(/escape/)
    expect(() => compileLike('a!b', '!')).toThrow(/escape/)
  })
})
