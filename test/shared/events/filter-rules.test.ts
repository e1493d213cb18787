import { describe, expect, it } from 'vitest'
import {
  describeKeyFilter,
  explainInvalidFilterValue,
  matchesKeyFilter,
} from '../../../src/shared/events/filter-rules.js'

describe('filter values', () => {
  it.each([
    ['images/', undefined],
    ['.jpg', undefined],
    ['a.b/c..d/', undefined],
    ['', undefined],
    ['x'.repeat(1024), undefined],
    ['x'.repeat(1025), /at most 1024 bytes, got 1025/],
    ['é'.repeat(513), /at most 1024 bytes, got 1026/],
    ['a\\b', /must not contain '\\'/],
    ['./a', /'\.' path segment/],
    ['a/../b', /'\.\.' path segment/],
    ['..', /'\.\.' path segment/],
    ['a/.', /'\.' path segment/],
    ['\ud800x', /not valid UTF-8/],
  ])('%j → %s', (value, expected) => {
    const problem = explainInvalidFilterValue('prefix', value)
    if (expected === undefined) expect(problem).toBeUndefined()
    else expect(problem).toMatch(expected)
  })

  it('names the rule in the message', () => {
    expect(explainInvalidFilterValue('suffix', 'a\\')).toMatch(/^suffix filter value/)
  })
})

describe('key filter matching', () => {
  it.each([
    ['photos/a.jpg', { prefix: 'photos/', suffix: '.jpg' }, true],
    ['photos/a.png', { prefix: 'photos/', suffix: '.jpg' }, false],
    ['docs/a.jpg', { prefix: 'photos/', suffix: '.jpg' }, false],
    ['anything', { prefix: '', suffix: '' }, true],
    ['a*b', { prefix: 'a*', suffix: '' }, true],
    ['aXb', { prefix: 'a*', suffix: '' }, false],
    ['a?c', { prefix: '', suffix: '?c' }, true],
    ['abc', { prefix: '', suffix: '?c' }, false],
    ['aba', { prefix: 'ab', suffix: 'ba' }, true],
  ])('%j with %j → %s (literal, no wildcards)', (key, filter, expected) => {
    expect(matchesKeyFilter(key, filter)).toBe(expected)
  })

  it('describes filters as listings show them', () => {
    expect(describeKeyFilter({ prefix: 'a/', suffix: '.jpg' })).toBe('prefix=a/, suffix=.jpg')
    expect(describeKeyFilter({ prefix: '', suffix: '.jpg' })).toBe('suffix=.jpg')
    expect(describeKeyFilter({ prefix: '', suffix: '' })).toBe('')
  })
})
