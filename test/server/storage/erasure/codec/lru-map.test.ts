import { describe, expect, it } from 'vitest'
import { LruMap } from '../../../../../src/server/storage/erasure/codec/lru-map.js'

describe('LruMap', () => {
  it('computes a value once and returns it while it stays cached', () => {
    const lru = new LruMap<string, number>(2)
    let calls = 0
    const create = () => ++calls
    expect(lru.getOrCreate('a', create)).toBe(1)
    expect(lru.getOrCreate('a', create)).toBe(1)
    expect(calls).toBe(1)
  })

  it('evicts the least recently used entry beyond its capacity', () => {
    const lru = new LruMap<string, string>(2)
    lru.getOrCreate('a', () => 'a1')
    lru.getOrCreate('b', () => 'b1')
    lru.getOrCreate('a', () => 'a2') // a is now the most recent
    lru.getOrCreate('c', () => 'c1') // evicts b
    expect(lru.size).toBe(2)
    expect(lru.getOrCreate('a', () => 'a3')).toBe('a1')
    expect(lru.getOrCreate('b', () => 'b2')).toBe('b2')
  })
})
