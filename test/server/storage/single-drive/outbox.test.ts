import { afterEach, describe, expect, it } from 'vitest'
import { createEncryptingLayer } from '../../../../src/server/storage/encryption/encrypting-layer.js'
import type { ObjectInfo, ObjectLayer, OutboxEntry } from '../../../../src/server/storage/object-layer.js'
import { bodyOf } from '../contract/helpers.js'
import { MASTER_KEY } from '../encryption/harness.js'
import { openTempDrive } from './harness.js'

/**
 * The event outbox of one drive (docs/events.md, "The outbox"): an event entry is committed with
 * its object, exists exactly when the write happened, and is removed once released.
 */
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function drive(options: Parameters<typeof openTempDrive>[0] = {}) {
  const opened = await openTempDrive(options)
  cleanups.push(() => opened.cleanup())
  await opened.backend.createBucket('b', '')
  return opened
}

/** An outbox entry recording what the write showed it and when it committed. */
function recordingEntry(data: string | null = 'event') {
  const seen: { info?: ObjectInfo; ids: (number | undefined)[] } = { ids: [] }
  const entry: OutboxEntry = {
    encode(info) {
      seen.info = info
      return data ?? undefined
    },
    committed: (id) => seen.ids.push(id),
  }
  return { entry, seen }
}

const put = (storage: ObjectLayer, key: string, outbox?: OutboxEntry, ifNoneMatch?: '*') =>
  storage.putObject({
    bucket: 'b',
    key,
    body: bodyOf(key),
    ...(outbox ? { outbox } : {}),
    ...(ifNoneMatch ? { condition: { ifNoneMatch } } : {}),
  })

describe('single drive event outbox', () => {
  it('commits an entry with the object and tells its id once the commit is durable', async () => {
    const { backend } = await drive()
    const { entry, seen } = recordingEntry('{"e":1}')
    const info = await put(backend, 'k', entry)
    expect(seen.info).toEqual(info)
    expect(seen.ids).toHaveLength(1)
    expect(backend.eventOutbox!.list()).toEqual([{ id: seen.ids[0], data: '{"e":1}' }])
  })

  it('tells the ids of concurrent writes in commit order, growing', async () => {
    const { backend } = await drive()
    const order: number[] = []
    const entry = (n: number): OutboxEntry => ({
      encode: () => `e${n}`,
      committed: (id) => order.push(id!),
    })
    await Promise.all(Array.from({ length: 20 }, (_, n) => put(backend, `k${n}`, entry(n))))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(new Set(order).size).toBe(20)
    expect(backend.eventOutbox!.list().map((e) => e.id)).toEqual(order)
  })

  it('stores nothing and never calls committed for a refused write', async () => {
    const { backend } = await drive()
    await put(backend, 'k')
    const { entry, seen } = recordingEntry()
    await expect(put(backend, 'k', entry, '*')).rejects.toMatchObject({ code: 'PreconditionFailed' })
    await expect(
      backend.putObject({ bucket: 'gone', key: 'k', body: bodyOf('x'), outbox: entry }),
    ).rejects.toMatchObject({ code: 'NoSuchBucket' })
    expect(seen.ids).toEqual([])
    expect(backend.eventOutbox!.list()).toEqual([])
  })

  it('stores nothing, and leaves no data file, when encode throws', async () => {
    const opened = await drive({ inlineLimit: 0 })
    const committed: unknown[] = []
    const failing: OutboxEntry = {
      encode: () => {
        throw new Error('no record')
      },
      committed: (id) => committed.push(id),
    }
    await expect(put(opened.backend, 'k', failing)).rejects.toThrow('no record')
    await expect(opened.backend.headObject('b', 'k')).rejects.toMatchObject({ code: 'NoSuchKey' })
    expect(await opened.countDataFiles!()).toBe(0)
    expect(committed).toEqual([])
  })

  it('calls committed without an id when encode gives no entry', async () => {
    const { backend } = await drive()
    const { entry, seen } = recordingEntry(null)
    await put(backend, 'k', entry)
    expect(seen.ids).toEqual([undefined])
    expect(backend.eventOutbox!.list()).toEqual([])
  })

  it('removes released entries with the next entry or on close, and never hands out an id twice', async () => {
    const opened = await drive()
    const first = recordingEntry('one')
    await put(opened.backend, 'a', first.entry)
    opened.backend.eventOutbox!.release(first.seen.ids[0]!)
    const second = recordingEntry('two')
    await put(opened.backend, 'b', second.entry)
    expect(opened.backend.eventOutbox!.list().map((e) => e.data)).toEqual(['two'])
    opened.backend.eventOutbox!.release(second.seen.ids[0]!)
    const reopened = await opened.reopen!()
    expect(reopened.eventOutbox!.list()).toEqual([])
    const third = recordingEntry('three')
    await put(reopened, 'c', third.entry)
    expect(third.seen.ids[0]).toBeGreaterThan(second.seen.ids[0]!)
  })

  it('keeps an unreleased entry across a reopen', async () => {
    const opened = await drive()
    const { entry, seen } = recordingEntry('kept')
    await put(opened.backend, 'a', entry)
    const reopened = await opened.reopen!()
    expect(reopened.eventOutbox!.list()).toEqual([{ id: seen.ids[0], data: 'kept' }])
  })

  it('behind the encrypting layer, encodes the object as clients see it', async () => {
    const { backend } = await drive()
    const layer = createEncryptingLayer(backend, { masterKey: MASTER_KEY })
    const { entry, seen } = recordingEntry()
    const info = await layer.putObject({
      bucket: 'b',
      key: 'secret',
      body: bodyOf('plain text'),
      encryption: { kind: 'SSE-S3' },
      outbox: entry,
    })
    expect(seen.info).toEqual(info)
    expect(seen.info?.size).toBe(10)
    expect(layer.eventOutbox!.list()).toHaveLength(1)
  })
})
