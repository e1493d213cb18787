import { describe, expect, it } from 'vitest'
import {
  bucketLockNameOf,
  type ErasureContext,
  lockForCommit,
} from '../../../../src/server/storage/erasure/context.js'
import { KeyLocks, type NamedLocks } from '../../../../src/server/storage/erasure/key-locks.js'

/** Lets every pending promise callback run. */
const settle = () => new Promise(setImmediate)

describe('KeyLocks', () => {
  it('lets shared holders in together and keeps an exclusive one out until they all leave', async () => {
    const locks = new KeyLocks()
    const events: string[] = []
    const a = await locks.acquire('b', true)
    const b = await locks.acquire('b', true)
    const exclusive = locks.acquire('b').then((release) => {
      events.push('exclusive')
      return release
    })
    await settle()
    expect(events).toEqual([])
    a()
    await settle()
    expect(events).toEqual([])
    b()
    ;(await exclusive)()
    expect(events).toEqual(['exclusive'])
  })

  it('makes a shared request that comes after a waiting exclusive one wait its turn (no starvation)', async () => {
    const locks = new KeyLocks()
    const order: string[] = []
    const first = await locks.acquire('b', true)
    const exclusive = locks.acquire('b').then((release) => {
      order.push('exclusive')
      return release
    })
    const later = locks.acquire('b', true).then((release) => {
      order.push('later shared')
      return release
    })
    await settle()
    expect(order).toEqual([])
    first()
    ;(await exclusive)()
    ;(await later)()
    expect(order).toEqual(['exclusive', 'later shared'])
  })

  it('keeps names apart and releases a lock held by a failing function', async () => {
    const locks = new KeyLocks()
    const held = await locks.acquire('one')
    expect(await locks.with('two', async () => 'ran')).toBe('ran')
    await expect(
      locks.with('two', async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await locks.with('two', async () => 'again')).toBe('again')
    held()
    held()
    expect(await locks.with('one', async () => 'free')).toBe('free')
  })
})

describe('lockForCommit', () => {
  it("lets the bucket's gate go when the object's lock cannot be had (distributed locks can fail)", async () => {
    const inner = new KeyLocks()
    const locks: NamedLocks = {
      acquire: (name, shared) =>
        name.includes('\0') ? Promise.reject(new Error('XSiloLockUnavailable')) : inner.acquire(name, shared),
      with: (name, fn, shared) => inner.with(name, fn, shared),
    }
    const ctx = { locks } as ErasureContext
    await expect(lockForCommit(ctx, 'photos', 'cat.jpg')).rejects.toThrow('XSiloLockUnavailable')
    // DeleteBucket takes the gate exclusively: it would wait forever for a leaked shared hold.
    let gateTaken = false
    void inner.acquire(bucketLockNameOf('photos')).then(() => (gateTaken = true))
    await settle()
    expect(gateTaken).toBe(true)
  })
})
