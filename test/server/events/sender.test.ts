import { describe, expect, it } from 'vitest'
import { systemClock } from '../../../src/server/events/clock.js'
import { openFileQueue } from '../../../src/server/events/queue/file-queue.js'
import { createMemoryQueue } from '../../../src/server/events/queue/memory-queue.js'
import { createSender } from '../../../src/server/events/sender.js'
import {
  createFakeClock,
  createFakeTarget,
  createLogCollector,
  eventually,
  makeEvent,
  makeTempDir,
} from './helpers.js'

const quietLog = () => undefined

describe('sender', () => {
  it('delivers in order and acknowledges', async () => {
    const target = createFakeTarget()
    const queue = createMemoryQueue()
    const sender = createSender({ target, queue, log: quietLog })
    for (const n of ['a', 'b', 'c']) await sender.enqueue(makeEvent(n))
    await sender.idle()
    expect(target.delivered.map((e) => e.key)).toEqual(['b/a', 'b/b', 'b/c'])
    expect(sender.stats()).toEqual({ queued: 0, delivered: 3, failedAttempts: 0, dropped: 0 })
    await sender.close()
  })

  it('retries the same entry with doubling, jittered backoff, keeping order', async () => {
    const target = createFakeTarget('arn:silo:sqs::1:webhook', 3)
    const clock = createFakeClock()
    const log = createLogCollector()
    const sender = createSender({ target, queue: createMemoryQueue(), clock, random: () => 0.5, log })
    for (const n of ['a', 'b']) await sender.enqueue(makeEvent(n))
    await sender.idle()
    expect(target.attempts).toBe(5)
    expect(target.delivered.map((e) => e.key)).toEqual(['b/a', 'b/b'])
    expect(clock.sleeps).toEqual([75, 150, 300])
    expect(sender.stats()).toMatchObject({
      delivered: 2,
      failedAttempts: 3,
      queued: 0,
      lastError: 'connection refused',
    })
    expect(log.lines).toEqual([
      'arn:silo:sqs::1:webhook: delivery failed 1 time(s) (connection refused); retrying in 75 ms',
      'arn:silo:sqs::1:webhook: delivering again after 3 failed attempt(s)',
    ])
    await sender.close()
  })

  it('backs off up to 30 s and resets after a success', async () => {
    const target = createFakeTarget('arn:silo:sqs::1:webhook', 12)
    // Without isOnline there is nothing to probe: the full backoff is slept.
    Reflect.deleteProperty(target, 'isOnline')
    const clock = createFakeClock()
    const sender = createSender({ target, queue: createMemoryQueue(), clock, random: () => 0, log: quietLog })
    await sender.enqueue(makeEvent('a'))
    await sender.idle()
    expect(clock.sleeps).toEqual([50, 100, 200, 400, 800, 1600, 3200, 6400, 12_800, 15_000, 15_000, 15_000])
    target.failNext = 1
    await sender.enqueue(makeEvent('b'))
    await sender.idle()
    expect(clock.sleeps.at(-1)).toBe(50)
    await sender.close()
  })

  it('during a long backoff, retries as soon as the target goes from unreachable to reachable', async () => {
    const target = createFakeTarget('arn:silo:sqs::1:webhook', 7)
    let probes = 0
    target.isOnline = async () => {
      probes++
      return probes >= 3 // unreachable for two probes, then back
    }
    const clock = createFakeClock()
    const sender = createSender({ target, queue: createMemoryQueue(), clock, random: () => 0, log: quietLog })
    await sender.enqueue(makeEvent('a'))
    await expect.poll(() => target.delivered.length).toBe(1)
    // 50..800 ms are slept whole; the 1.6 s wait probes twice (unreachable), and the 3.2 s
    // wait ends at the first probe that finds the target back.
    expect(clock.sleeps).toEqual([50, 100, 200, 400, 800, 1000, 600, 1000])
    await sender.close()
  })

  it('waits the full backoff for a target that is reachable but refuses events', async () => {
    const target = createFakeTarget('arn:silo:sqs::1:webhook', 7)
    target.isOnline = async () => true
    const clock = createFakeClock()
    const sender = createSender({ target, queue: createMemoryQueue(), clock, random: () => 0, log: quietLog })
    await sender.enqueue(makeEvent('a'))
    await sender.idle()
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBe(50 + 100 + 200 + 400 + 800 + 1600 + 3200)
    await sender.close()
  })

  it('never blocks enqueue on delivery', async () => {
    const target = createFakeTarget()
    target.send = () => new Promise(() => undefined)
    const sender = createSender({ target, queue: createMemoryQueue(), log: quietLog, closeTimeoutMs: 10 })
    for (const n of ['a', 'b', 'c']) expect(await sender.enqueue(makeEvent(n))).toBe(true)
    expect(sender.stats().queued).toBe(3)
    await sender.close()
  })

  it('counts drops of a full queue while the target is down', async () => {
    const target = createFakeTarget('arn:silo:sqs::1:webhook', Number.POSITIVE_INFINITY)
    const queue = createMemoryQueue({ limit: 2, log: quietLog })
    const sender = createSender({ target, queue, log: quietLog })
    const stored = await Promise.all(['a', 'b', 'c', 'd'].map((n) => sender.enqueue(makeEvent(n))))
    expect(stored).toEqual([true, true, false, false])
    expect(sender.stats()).toMatchObject({ queued: 2, dropped: 2, delivered: 0 })
    await sender.close()
  })

  it('close() interrupts a long backoff and stops the loop', async () => {
    const target = createFakeTarget('arn:silo:sqs::1:webhook', Number.POSITIVE_INFINITY)
    const sender = createSender({
      target,
      queue: createMemoryQueue(),
      clock: systemClock,
      backoff: { initialMs: 60_000, maxMs: 60_000 },
      log: quietLog,
    })
    await sender.enqueue(makeEvent('a'))
    await eventually(() => target.attempts === 1)
    const started = Date.now()
    await sender.close()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(target.attempts).toBe(1)
  })

  it('close() gives up on a hung send after its timeout', async () => {
    const target = createFakeTarget()
    target.send = () => new Promise(() => undefined)
    const sender = createSender({ target, queue: createMemoryQueue(), log: quietLog, closeTimeoutMs: 50 })
    await sender.enqueue(makeEvent('a'))
    const started = Date.now()
    await sender.close()
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('resumes delivery of a durable queue after a restart, without redelivering', async () => {
    const dir = await makeTempDir()
    const down = createFakeTarget('arn:silo:sqs::1:webhook', Number.POSITIVE_INFINITY)
    const before = createSender({
      target: down,
      queue: await openFileQueue({ dir }),
      clock: createFakeClock(),
      log: quietLog,
    })
    for (const n of ['a', 'b', 'c']) await before.enqueue(makeEvent(n))
    await before.close()

    const up = createFakeTarget()
    const after = createSender({ target: up, queue: await openFileQueue({ dir }), log: quietLog })
    await after.idle()
    expect(up.delivered.map((e) => e.key)).toEqual(['b/a', 'b/b', 'b/c'])
    await after.close()

    const again = createFakeTarget()
    const third = createSender({ target: again, queue: await openFileQueue({ dir }), log: quietLog })
    await third.idle()
    expect(again.delivered).toEqual([])
    await third.close()
  })
})
