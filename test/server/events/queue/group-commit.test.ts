import { describe, expect, it } from 'vitest'
import { createGroupCommit } from '../../../../src/server/events/queue/group-commit.js'

describe('group commit', () => {
  it('flushes concurrent submissions together, and those arriving mid-flush in the next batch', async () => {
    const batches: number[][] = []
    let release: (() => void) | undefined
    const commit = createGroupCommit<number>(async (batch) => {
      batches.push(batch)
      await new Promise<void>((r) => {
        release = r
      })
    })
    const first = [1, 2, 3].map((n) => commit.submit(n))
    await new Promise((r) => setImmediate(r))
    const second = [4, 5].map((n) => commit.submit(n))
    expect(batches).toEqual([[1, 2, 3]])
    release!()
    await Promise.all(first)
    await new Promise((r) => setImmediate(r))
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
    release!()
    await Promise.all(second)
    await commit.drain()
  })

  it('rejects every submission of a failed flush and keeps going', async () => {
    let fail = true
    const commit = createGroupCommit<number>(async () => {
      if (fail) throw new Error('disk full')
    })
    const results = await Promise.allSettled([commit.submit(1), commit.submit(2)])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    fail = false
    await expect(commit.submit(3)).resolves.toBeUndefined()
  })
})
