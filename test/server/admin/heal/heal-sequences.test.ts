import { describe, expect, it } from 'vitest'
import { HealSequences, type HealSequencesOptions } from '../../../../src/server/admin/heal/heal-sequences.js'
import type { HealTarget } from '../../../../src/server/admin/heal/heal-target.js'
import { HEAL_OBJECT_CONCURRENCY } from '../../../../src/server/admin/heal/walk-heal.js'
import { S3ServerError } from '../../../../src/server/errors.js'
import type { HealStatusDocument, HealStatusItem } from '../../../../src/shared/admin/heal.js'
import { FakeHealer } from './fake-healer.js'

const LAYOUT = {
  setCount: 1,
  drives: ['/d1', '/d2', '/d3', '/d4'].map((endpoint) => ({ uuid: '', endpoint, state: 'ok' as const })),
  standard: { data: 2, parity: 2 },
  reduced: { data: 2, parity: 2 },
}
const NORMAL = { recursive: false, dryRun: false }
const RECURSIVE = { recursive: true, dryRun: false }
const ALL: HealTarget = { bucket: '', prefix: '' }
const PHOTOS: HealTarget = { bucket: 'photos', prefix: '' }

function setup(buckets: Record<string, string[]> = {}, options: HealSequencesOptions = {}) {
  const healer = new FakeHealer(buckets)
  const heal = new HealSequences({ kind: 'Erasure', healer, layout: async () => LAYOUT }, options)
  const start = (target: HealTarget, settings = NORMAL, forceStart = false) =>
    heal.start(target, { settings, forceStart, clientAddress: '10.0.0.7' })
  return { healer, heal, start }
}

/** Polls until the sequence ends; every status and all items, in order. */
async function pollToEnd(heal: HealSequences, target: HealTarget, token: string) {
  const items: HealStatusItem[] = []
  let status: HealStatusDocument
  do {
    await new Promise((resolve) => setTimeout(resolve, 2))
    status = heal.status(target, token)
    items.push(...(status.Items ?? []))
  } while (status.Summary === 'running')
  return { status, items }
}

async function codeOf(work: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof work === 'function' ? work() : work)
  } catch (e) {
    return e instanceof S3ServerError ? e.code : String(e)
  }
  return 'no error'
}

function describeItems(items: HealStatusItem[]): string[] {
  return items.map((i) => `${i.resultId} ${i.type} ${i.bucket}/${i.object}`)
}

describe('HealSequences', () => {
  it('walks format, system documents, each bucket and, recursively, every object; numbers items', async () => {
    const { heal, start } = setup({ photos: ['a.jpg', 'b/c.jpg'], docs: ['x.txt'] })
    const started = await start(ALL, RECURSIVE)
    expect(started).toEqual({
      clientToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      clientAddress: '10.0.0.7',
      startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
    const { status, items } = await pollToEnd(heal, ALL, started.clientToken)
    expect(status).toMatchObject({
      Summary: 'finished',
      StartTime: started.startTime,
      NumDisks: 4,
      Settings: { recursive: true, dryRun: false },
    })
    expect(status).not.toHaveProperty('Detail')
    expect(describeItems(items)).toEqual([
      '1 metadata /',
      '2 bucket-metadata .silo.sys/config/config.json',
      '3 bucket docs/',
      '4 bucket-metadata docs/policy.json',
      '5 object docs/x.txt',
      '6 bucket photos/',
      '7 bucket-metadata photos/policy.json',
      '8 object photos/a.jpg',
      '9 object photos/b/c.jpg',
    ])
    // Items are handed out once.
    expect(heal.status(ALL, started.clientToken).Items).toBeNull()
  })

  it('without recursive heals only the object named exactly by the prefix, if a drive has it', async () => {
    const { heal, start, healer } = setup({ photos: ['cat.jpg', 'cat.jpg.bak', 'dog.jpg'] })
    const exact = { bucket: 'photos', prefix: 'cat.jpg' }
    const one = await pollToEnd(heal, exact, (await start(exact)).clientToken)
    expect(one.items.filter((i) => i.type === 'object').map((i) => i.object)).toEqual(['cat.jpg'])
    const partial = { bucket: 'photos', prefix: 'ca' }
    const none = await pollToEnd(heal, partial, (await start(partial)).clientToken)
    expect(none.items.filter((i) => i.type === 'object')).toEqual([])
    const bucketOnly = await pollToEnd(heal, PHOTOS, (await start(PHOTOS)).clientToken)
    expect(bucketOnly.items.map((i) => i.type)).toEqual([
      'metadata',
      'bucket-metadata',
      'bucket',
      'bucket-metadata',
    ])
    expect(healer.calls.filter((c) => c.step === 'healObject').map((c) => c.key)).toEqual(['cat.jpg'])
  })

  it('recursive with a prefix heals the keys under it, up to HEAL_OBJECT_CONCURRENCY at a time', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `2026/${String(i).padStart(2, '0')}.jpg`)
    const { heal, start, healer } = setup({ photos: [...keys, 'other/x.jpg'] })
    const target = { bucket: 'photos', prefix: '2026/' }
    const { items } = await pollToEnd(heal, target, (await start(target, RECURSIVE)).clientToken)
    const objects = items.filter((i) => i.type === 'object').map((i) => i.object)
    expect(objects.sort()).toEqual(keys)
    expect(healer.maxInFlight).toBe(HEAL_OBJECT_CONCURRENCY)
    expect(items.map((i) => i.resultId)).toEqual(items.map((_, i) => i + 1))
  })

  it('passes dryRun to every step', async () => {
    const { heal, start, healer } = setup({ photos: ['a.jpg'] })
    const { status, items } = await pollToEnd(
      heal,
      ALL,
      (await start(ALL, { recursive: true, dryRun: true })).clientToken,
    )
    expect(status.Settings).toEqual({ recursive: true, dryRun: true })
    expect(healer.calls.map((c) => c.step)).toEqual([
      'healFormat',
      'healSystemDocuments',
      'healBucket',
      'healObject',
    ])
    expect(healer.calls.every((c) => c.dryRun === true)).toBe(true)
    expect(items.every((i) => JSON.stringify(i.before) === JSON.stringify(i.after))).toBe(true)
  })

  it('refuses a second start on a running path, and re-attaches when it has unread items', async () => {
    const { heal, start, healer } = setup({ photos: ['a.jpg'] })
    let release!: () => void
    healer.hold = new Promise((resolve) => {
      release = resolve
    })
    const first = await start(PHOTOS, RECURSIVE)
    // Unread items (format, documents, bucket) are waiting: a start hands out the same token.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await start(PHOTOS, RECURSIVE)).toEqual(first)
    // Read: nothing unread while an object heals, so a start is refused, naming the running one.
    expect(heal.status(PHOTOS, first.clientToken).Items).toHaveLength(4)
    const refused = await start(PHOTOS, RECURSIVE).catch((e: S3ServerError) => e)
    expect(refused).toMatchObject({ code: 'XSiloHealAlreadyRunning' })
    expect((refused as Error).message).toContain(first.clientToken)
    release()
    await pollToEnd(heal, PHOTOS, first.clientToken)
  })

  it('force start stops the running sequence, waits for it, and starts a new one', async () => {
    const { heal, start, healer } = setup({ photos: ['a.jpg', 'b.jpg'] })
    let release!: () => void
    healer.hold = new Promise((resolve) => {
      release = resolve
    })
    const first = await start(PHOTOS, RECURSIVE)
    await new Promise((resolve) => setTimeout(resolve, 10))
    heal.status(PHOTOS, first.clientToken)
    let forced = false
    const second = start(PHOTOS, NORMAL, true).then((result) => {
      forced = true
      return result
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The old sequence's object heals are still running: the force start waits for them.
    expect(forced).toBe(false)
    healer.hold = undefined
    release()
    const started = await second
    expect(started.clientToken).not.toBe(first.clientToken)
    expect(await codeOf(() => heal.status(PHOTOS, first.clientToken))).toBe('XSiloHealInvalidClientToken')
    // The stopped walk took no new key after the stop.
    expect(healer.calls.filter((c) => c.step === 'healObject')).toHaveLength(2)
    const { status } = await pollToEnd(heal, PHOTOS, started.clientToken)
    expect(status).toMatchObject({ Summary: 'finished', Settings: NORMAL })
  })

  it('refuses paths that overlap a running sequence: the deployment overlaps everything', async () => {
    const { heal, start, healer } = setup({ photos: ['2026/a.jpg'], docs: ['x'] })
    let release!: () => void
    healer.hold = new Promise((resolve) => {
      release = resolve
    })
    const running = await start({ bucket: 'photos', prefix: '2026/' }, RECURSIVE)
    for (const target of [
      ALL,
      PHOTOS,
      { bucket: 'photos', prefix: '2026/a' },
      { bucket: 'photos', prefix: '2' },
    ]) {
      expect(await codeOf(start(target))).toBe('XSiloHealOverlappingPaths')
    }
    // Another bucket does not overlap.
    const docs = await start({ bucket: 'docs', prefix: '' }, NORMAL)
    await pollToEnd(heal, { bucket: 'docs', prefix: '' }, docs.clientToken)
    release()
    await pollToEnd(heal, { bucket: 'photos', prefix: '2026/' }, running.clientToken)
    // Ended sequences block nothing.
    const whole = await start(ALL)
    await pollToEnd(heal, ALL, whole.clientToken)
  })

  it('buckets are compared whole: a running "photo" does not block "photos"', async () => {
    const { heal, start, healer } = setup({ photo: ['k'], photos: [] })
    let release!: () => void
    healer.hold = new Promise((resolve) => {
      release = resolve
    })
    const photo = await start({ bucket: 'photo', prefix: '' }, RECURSIVE)
    expect(await codeOf(start(PHOTOS))).toBe('no error')
    release()
    await pollToEnd(heal, { bucket: 'photo', prefix: '' }, photo.clientToken)
  })

  it('buffers at most maxUnreadItems: the walk pauses until a poll, and ids go on across polls', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `k${String(i).padStart(2, '0')}`)
    const { heal, start, healer } = setup({ photos: keys }, { maxUnreadItems: 3 })
    const { clientToken } = await start(PHOTOS, RECURSIVE)
    await new Promise((resolve) => setTimeout(resolve, 30))
    const first = heal.status(PHOTOS, clientToken)
    expect(first.Summary).toBe('running')
    expect(first.Items?.map((i) => i.resultId)).toEqual([1, 2, 3])
    // Paused: format, system document, bucket item done; the objects wait for room.
    expect(healer.calls.filter((c) => c.step === 'healObject').length).toBeLessThanOrEqual(
      HEAL_OBJECT_CONCURRENCY,
    )
    const { items, status } = await pollToEnd(heal, PHOTOS, clientToken)
    expect(status.Summary).toBe('finished')
    expect(items.map((i) => i.resultId)).toEqual(Array.from({ length: 41 }, (_, i) => i + 4))
  })

  it('stops a sequence whose full buffer is not read in time', async () => {
    const { heal, start } = setup({ photos: ['a', 'b', 'c'] }, { maxUnreadItems: 2, unreadTimeoutMs: 20 })
    const { clientToken } = await start(PHOTOS, RECURSIVE)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(heal.status(PHOTOS, clientToken)).toMatchObject({
      Summary: 'stopped',
      Detail: 'healing results were not consumed for too long',
      Items: [{ resultId: 1 }, { resultId: 2 }],
    })
  })

  it('a step that throws ends the sequence as stopped, with its message', async () => {
    const { heal, start, healer } = setup({ photos: ['a', 'b'] })
    healer.failAt = {
      step: 'healBucket',
      error: new Error('bucket photos: below read quorum (1 of 4 drives)'),
    }
    const { status, items } = await pollToEnd(heal, ALL, (await start(ALL, RECURSIVE)).clientToken)
    expect(status).toMatchObject({
      Summary: 'stopped',
      Detail: 'bucket photos: below read quorum (1 of 4 drives)',
    })
    expect(items.map((i) => i.type)).toEqual(['metadata', 'bucket-metadata'])
    expect(healer.calls.some((c) => c.step === 'healObject')).toBe(false)
  })

  it('a failing object heal stops the walk after the running ones', async () => {
    const { heal, start, healer } = setup({ photos: Array.from({ length: 30 }, (_, i) => `k${i}`) })
    healer.failAt = { step: 'healObject', error: new Error('k0: drive /d1: EIO') }
    const { status } = await pollToEnd(heal, PHOTOS, (await start(PHOTOS, RECURSIVE)).clientToken)
    expect(status).toMatchObject({ Summary: 'stopped', Detail: 'k0: drive /d1: EIO' })
    expect(healer.calls.filter((c) => c.step === 'healObject').length).toBeLessThanOrEqual(
      HEAL_OBJECT_CONCURRENCY,
    )
  })

  it('skips an object deleted between the listing and its heal', async () => {
    const { heal, start, healer } = setup({ photos: ['gone', 'kept'] })
    const healObject = healer.healObject.bind(healer)
    healer.healObject = async (bucket, key, options) => {
      if (key === 'gone') throw new S3ServerError('NoSuchKey')
      return healObject(bucket, key, options)
    }
    const { status, items } = await pollToEnd(heal, PHOTOS, (await start(PHOTOS, RECURSIVE)).clientToken)
    expect(status.Summary).toBe('finished')
    expect(items.filter((i) => i.type === 'object').map((i) => i.object)).toEqual(['kept'])
  })

  it('stop stops, waits and forgets; without a sequence the token is "invalid"', async () => {
    const { heal, start, healer } = setup({ photos: ['a'] })
    let release!: () => void
    healer.hold = new Promise((resolve) => {
      release = resolve
    })
    const started = await start(PHOTOS, RECURSIVE)
    await new Promise((resolve) => setTimeout(resolve, 10))
    const stopping = heal.stop(PHOTOS)
    release()
    expect(await stopping).toEqual(started)
    expect(await codeOf(() => heal.status(PHOTOS, started.clientToken))).toBe('XSiloHealNoSuchProcess')
    expect(await heal.stop(PHOTOS)).toMatchObject({ clientToken: 'invalid', clientAddress: '' })
  })

  it('keeps an ended sequence for keepEndedMs, for its final polls', async () => {
    let now = Date.parse('2026-11-22T09:00:00Z')
    const { heal, start } = setup({ photos: [] }, { now: () => now, keepEndedMs: 600_000 })
    const { clientToken } = await start(PHOTOS)
    await new Promise((resolve) => setTimeout(resolve, 10))
    now += 599_000
    expect(heal.status(PHOTOS, clientToken).Summary).toBe('finished')
    now += 2_000
    expect(await codeOf(() => heal.status(PHOTOS, clientToken))).toBe('XSiloHealNoSuchProcess')
  })

  it('refuses an unknown bucket, a wrong token, and any heal on a backend without a healer', async () => {
    const { heal, start } = setup({ photos: [] })
    expect(await codeOf(start({ bucket: 'typo', prefix: '' }))).toBe('NoSuchBucket')
    const { clientToken } = await start(PHOTOS)
    expect(await codeOf(() => heal.status(PHOTOS, `${clientToken}x`))).toBe('XSiloHealInvalidClientToken')
    expect(await codeOf(() => heal.status({ bucket: 'docs', prefix: '' }, clientToken))).toBe(
      'XSiloHealNoSuchProcess',
    )
    const single = new HealSequences({ kind: 'FS' })
    const refused = await single
      .start(PHOTOS, { settings: NORMAL, forceStart: false, clientAddress: '' })
      .catch((e: Error) => e)
    expect(refused).toMatchObject({ code: 'XSiloHealNotImplemented' })
    expect((refused as Error).message).toContain("Cannot heal 'photos'")
    expect(await codeOf(() => single.status(ALL, 'x'))).toBe('XSiloHealNotImplemented')
    expect(await codeOf(single.stop(ALL))).toBe('XSiloHealNotImplemented')
  })

  it('close stops every sequence and waits for their running steps', async () => {
    const many = (name: string) =>
      Array.from({ length: 40 }, (_, i) => `${name}${String(i).padStart(2, '0')}`)
    const { heal, start, healer } = setup({ photos: many('p'), docs: many('d') })
    let release!: () => void
    healer.hold = new Promise((resolve) => {
      release = resolve
    })
    const photos = await start(PHOTOS, RECURSIVE)
    await start({ bucket: 'docs', prefix: '' }, RECURSIVE)
    await new Promise((resolve) => setTimeout(resolve, 20))
    let closed = false
    const closing = heal.close().then(() => {
      closed = true
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(closed).toBe(false)
    release()
    await closing
    // Only the heals that were running when close came (HEAL_OBJECT_CONCURRENCY per sequence) ran.
    expect(healer.calls.filter((c) => c.step === 'healObject')).toHaveLength(2 * HEAL_OBJECT_CONCURRENCY)
    expect(await codeOf(() => heal.status(PHOTOS, photos.clientToken))).toBe('XSiloHealNoSuchProcess')
  })
})
