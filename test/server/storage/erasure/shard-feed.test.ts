import { describe, expect, it } from 'vitest'
import { ShardFeed } from '../../../../src/server/storage/erasure/shard-feed.js'

const LIMIT = 100

/** Whether `promise` has settled after the queued callbacks ran, and with what. */
async function settledNow<T>(promise: Promise<T>): Promise<{ value: T } | 'pending'> {
  const pending = Symbol('pending')
  const result = await Promise.race([promise, new Promise((resolve) => setImmediate(resolve, pending))])
  return result === pending ? 'pending' : { value: result as T }
}

describe('ShardFeed.whole', () => {
  it('hands over every chunk once the body ended, pulling none, and the body still reads whole', async () => {
    const feed = new ShardFeed(4)
    const whole = feed.whole(LIMIT)
    await feed.push(Buffer.from('ab'), Buffer.from('cd'))
    expect(await settledNow(whole)).toBe('pending')
    feed.end()
    expect(await whole).toEqual([Buffer.from('ab'), Buffer.from('cd')])
    const pulled: Uint8Array[] = []
    for await (const chunk of feed) pulled.push(chunk)
    expect(Buffer.concat(pulled)).toEqual(Buffer.from('abcd'))
  })

  it.each([
    ['its expected size is over the limit', (f: ShardFeed) => f, LIMIT + 1],
    [
      'its chunks come to more than the limit',
      (f: ShardFeed) => void f.push(Buffer.alloc(LIMIT + 1)),
      undefined,
    ],
    [
      'the producer would wait on the drive',
      (f: ShardFeed) => void f.push(...Array.from({ length: 4 }, () => Buffer.alloc(1))),
      undefined,
    ],
    ['the body failed', (f: ShardFeed) => f.fail(new Error('client went away')), undefined],
    ['the drive gave up', (f: ShardFeed) => f.abandon(), undefined],
  ])('answers undefined, without waiting for the end, when %s', async (_, act, expected) => {
    const feed = new ShardFeed(4, expected)
    const whole = feed.whole(LIMIT)
    act(feed)
    expect(await settledNow(whole)).toEqual({ value: undefined })
  })
})
