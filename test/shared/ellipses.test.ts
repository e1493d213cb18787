import { describe, expect, it } from 'vitest'
import {
  EllipsisError,
  expandEllipses,
  expandEllipsesAll,
  MAX_EXPANDED_PATHS,
} from '../../src/shared/ellipses.js'

describe('expandEllipses', () => {
  it.each([
    ['/data', ['/data']],
    ['/data{1...4}', ['/data1', '/data2', '/data3', '/data4']],
    ['/data{7...7}', ['/data7']],
    ['/d{8...11}/x', ['/d8', '/d9', '/d10', '/d11'].map((d) => `${d}/x`)],
    ['{1...2}', ['1', '2']],
    // A path that merely has braces is not an ellipsis.
    ['/srv/{x}/d', ['/srv/{x}/d']],
  ])('%s', (arg, expected) => {
    expect(expandEllipses(arg)).toEqual(expected)
  })

  it('pads to the end width when the start has a leading zero', () => {
    const paths = expandEllipses('/d{01...16}')
    expect(paths).toHaveLength(16)
    expect(paths.slice(0, 2)).toEqual(['/d01', '/d02'])
    expect(paths.slice(-2)).toEqual(['/d15', '/d16'])
    expect(expandEllipses('/d{001...003}')).toEqual(['/d001', '/d002', '/d003'])
    expect(expandEllipses('/d{0...2}')).toEqual(['/d0', '/d1', '/d2'])
  })

  it('expands several ellipses as a cartesian product, leftmost slowest', () => {
    expect(expandEllipses('/mnt/disk{1...2}/d{1...2}')).toEqual([
      '/mnt/disk1/d1',
      '/mnt/disk1/d2',
      '/mnt/disk2/d1',
      '/mnt/disk2/d2',
    ])
    expect(expandEllipses('/m{1...2}/{a}/d{1...3}')).toEqual([
      '/m1/{a}/d1',
      '/m1/{a}/d2',
      '/m1/{a}/d3',
      '/m2/{a}/d1',
      '/m2/{a}/d2',
      '/m2/{a}/d3',
    ])
  })

  it.each([
    ['/d{1...}', /'\/d\{1\.\.\.\}': \{1\.\.\.\} is not a range/],
    ['/d{...4}', /'\/d\{\.\.\.4\}': \{\.\.\.4\} is not a range/],
    ['/d{3...1}', /'\/d\{3\.\.\.1\}': \{3\.\.\.1\} counts down/],
    ['/d{1..4}', /'\/d\{1\.\.4\}': \{1\.\.4\} is not a range/],
    ['/d{1....4}', /is not a range/],
    ['/d{a...c}', /'\/d\{a\.\.\.c\}': \{a\.\.\.c\} is not a range/],
    ['/d{-1...2}', /is not a range/],
    ['/d{1...4', /'\/d\{1\.\.\.4': an ellipsis needs braces on both sides/],
    ['/d1...4}', /needs braces on both sides/],
    ['/a{1...2}/b...c', /needs braces on both sides/],
  ])('refuses %s, naming the argument', (arg, message) => {
    expect(() => expandEllipses(arg)).toThrow(EllipsisError)
    expect(() => expandEllipses(arg)).toThrow(message)
  })

  it('refuses an argument that would expand to too many paths', () => {
    expect(() => expandEllipses('/d{1...5000}')).toThrow(/5000 values; at most 1024/)
    expect(() => expandEllipses('/a{1...100}/b{1...100}')).toThrow(
      `'/a{1...100}/b{1...100}' expands to 10000 paths; at most ${MAX_EXPANDED_PATHS} are allowed`,
    )
  })
})

describe('expandEllipsesAll', () => {
  it('expands each argument in order', () => {
    expect(expandEllipsesAll(['/a{1...2}', '/b', '/c{9...10}'])).toEqual(['/a1', '/a2', '/b', '/c9', '/c10'])
    expect(expandEllipsesAll([])).toEqual([])
  })
})
