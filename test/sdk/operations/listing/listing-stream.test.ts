import { describe, expect, it } from 'vitest'
import { decodeListedKey, prefetchOne } from '../../../../src/sdk/operations/listing/listing-stream.js'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('prefetchOne', () => {
  it('requests the next page while the consumer works on the current one, never two ahead', async () => {
    const requested: number[] = []
    async function* pages() {
      for (let n = 1; n <= 4; n++) {
        requested.push(n)
        yield [n]
      }
    }
    const seen: Array<[number, number[]]> = []
    for await (const page of prefetchOne(pages())) {
      await tick() // the consumer is slow: the prefetch must not run ahead further
      seen.push([page[0]!, [...requested]])
    }
    expect(seen).toEqual([
      [1, [1, 2]],
      [2, [1, 2, 3]],
      [3, [1, 2, 3, 4]],
      [4, [1, 2, 3, 4]],
    ])
  })

  it('reports a failed page when the consumer reaches it, after the pages before it', async () => {
    async function* pages() {
      yield 'first'
      throw new Error('page 2 failed')
    }
    const got: string[] = []
    await expect(
      (async () => {
        for await (const page of prefetchOne(pages())) got.push(page)
      })(),
    ).rejects.toThrow('page 2 failed')
    expect(got).toEqual(['first'])
  })

  it('closes the page generator when the consumer stops early', async () => {
    let closed = false
    async function* pages() {
      try {
        for (let n = 0; ; n++) yield n
      } finally {
        closed = true
      }
    }
    for await (const page of prefetchOne(pages())) if (page === 1) break
    await tick()
    expect(closed).toBe(true)
  })
})

describe('decodeListedKey', () => {
  it('decodes URL-encoded keys (+ is a space) and leaves plain keys as they are', () => {
    expect(decodeListedKey('a+b%2Fc', true)).toBe('a b/c')
    expect(decodeListedKey('list/0000001', true)).toBe('list/0000001')
    expect(decodeListedKey('a+b', false)).toBe('a+b')
  })
})
