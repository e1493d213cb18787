import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest'
import { CommitQueue } from '../../../../src/server/storage/single-drive/commit-queue.js'
import { type MetaStore, openMetaStore } from '../../../../src/server/storage/single-drive/meta-store.js'

describe('group commit', () => {
  let dir: string
  let meta: MetaStore
  let commits: CommitQueue
  let putSpy: MockInstance
  let removeSpy: MockInstance
  const puts = () => putSpy.mock.calls.map(([key]) => key as string)
  const removes = () => removeSpy.mock.calls.map(([key]) => key as string)

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'silo-commits-'))
    meta = openMetaStore(join(dir, 'meta'), { fsync: false })
    commits = new CommitQueue(meta.env, { awaitFlush: false })
    putSpy = vi.spyOn(meta.documents, 'put')
    removeSpy = vi.spyOn(meta.documents, 'remove')
  })
  afterEach(async () => {
    await meta.env.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** Appends `suffix` to the document `key` (read through the batch's view). */
  const append = (key: string, suffix: string) =>
    commits.run((view) => {
      const value = `${view.get(meta.documents, key) ?? ''}${suffix}`
      view.put(meta.documents, key, value)
      return value
    })

  it("sees the batch's earlier writes and writes each key once, with its last value", async () => {
    const answers = await Promise.all([
      append('n', 'a'),
      append('n', 'b'),
      append('m', 'x'),
      append('n', 'c'),
    ])
    expect(answers).toEqual(['a', 'ab', 'x', 'abc'])
    expect(meta.documents.get('n')).toBe('abc')
    expect(meta.documents.get('m')).toBe('x')
    expect(puts().sort()).toEqual(['m', 'n'])
  })

  it('applies a put then a remove of one key in a batch as the remove, and the reverse as the put', async () => {
    await append('gone', 'old')
    await append('back', 'old')
    putSpy.mockClear()
    await Promise.all([
      append('gone', 'new'),
      commits.run((view) => view.remove(meta.documents, 'gone')),
      commits.run((view) => view.remove(meta.documents, 'back')),
      append('back', 'again'),
    ])
    expect(meta.documents.get('gone')).toBeUndefined()
    expect(meta.documents.get('back')).toBe('again')
    expect(removes()).toEqual(['gone'])
    expect(puts()).toEqual(['back'])
  })

  it('keeps the writes of a mutation that threw after writing, and fails only that mutation', async () => {
    const failing = commits.run((view) => {
      view.put(meta.documents, 'half', 'written')
      throw new Error('validated too late')
    })
    const [outcome, after] = await Promise.allSettled([failing, append('half', '+')])
    expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'validated too late' } })
    expect(after).toEqual({ status: 'fulfilled', value: 'written+' })
    expect(meta.documents.get('half')).toBe('written+')
  })
})
