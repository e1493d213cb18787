import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { createNotifier } from '../../../src/server/events/notifier.js'
import type { NotificationConfig } from '../../../src/shared/events/notification-config.js'
import { createFakeClock, createFakeTarget, makeRecord, makeTempDir } from './helpers.js'

const A = 'arn:silo:sqs::a:webhook'
const B = 'arn:silo:sqs::b:webhook'
const quietLog = () => undefined

const config: NotificationConfig = {
  queues: [
    { arn: A, events: ['s3:ObjectCreated:*'], filter: { prefix: 'images/', suffix: '' } },
    { arn: A, events: ['s3:ObjectCreated:Put'], filter: { prefix: '', suffix: '.jpg' } },
    { arn: B, events: ['s3:ObjectRemoved:*'], filter: { prefix: '', suffix: '' } },
  ],
}

async function setup() {
  const a = createFakeTarget(A)
  const b = createFakeTarget(B)
  const notifier = createNotifier({ log: quietLog, clock: createFakeClock() })
  await notifier.configure([a, b])
  notifier.setBucketRules('b', config)
  return { a, b, notifier }
}

async function idle(notifier: ReturnType<typeof createNotifier>) {
  for (let i = 0; i < 50; i++) {
    if (Object.values(notifier.stats()).every((s) => s.queued === 0)) return
    await new Promise((r) => setTimeout(r, 2))
  }
}

describe('notifier', () => {
  it('delivers each event once per target even when several rules match', async () => {
    const { a, b, notifier } = await setup()
    const result = await notifier.emit(makeRecord('images/cat.jpg'))
    expect(result).toEqual({ queued: 1, dropped: 0, failed: 0, listeners: 0 })
    await idle(notifier)
    expect(a.delivered.map((e) => e.key)).toEqual(['b/images/cat.jpg'])
    expect(b.delivered).toEqual([])
    await notifier.close()
  })

  it('builds the queued event: name, unescaped bucket/key, time, record', async () => {
    const { a, notifier } = await setup()
    const record = makeRecord('images/my photo+1.png')
    await notifier.emit(record)
    await idle(notifier)
    expect(a.delivered[0]).toEqual({
      eventName: 's3:ObjectCreated:Put',
      key: 'b/images/my photo+1.png',
      eventTime: record.eventTime,
      record,
    })
    await notifier.close()
  })

  it.each([
    ['s3:ObjectCreated:Copy', 'images/x', [A]],
    ['s3:ObjectCreated:Copy', 'x.jpg', []],
    ['s3:ObjectRemoved:Delete', 'x.jpg', [B]],
    ['s3:ObjectAccessed:Get', 'images/x', []],
  ] as const)('%s on %j goes to %j', async (eventName, key, arns) => {
    const { a, b, notifier } = await setup()
    const result = await notifier.emit(makeRecord(key, eventName))
    expect(result.queued).toBe(arns.length)
    await idle(notifier)
    expect(a.delivered.length).toBe(arns.includes(A as never) ? 1 : 0)
    expect(b.delivered.length).toBe(arns.includes(B as never) ? 1 : 0)
    await notifier.close()
  })

  it('ignores other buckets and removed rules', async () => {
    const { a, notifier } = await setup()
    expect((await notifier.emit(makeRecord('images/x', 's3:ObjectCreated:Put', 'other'))).queued).toBe(0)
    notifier.setBucketRules('b', undefined)
    expect((await notifier.emit(makeRecord('images/x'))).queued).toBe(0)
    notifier.setBucketRules('b', { queues: [] })
    expect((await notifier.emit(makeRecord('images/x'))).queued).toBe(0)
    await idle(notifier)
    expect(a.delivered).toEqual([])
    await notifier.close()
  })

  it('keeps order per target while the target is down, then delivers all', async () => {
    const { a, notifier } = await setup()
    a.failNext = 5
    for (let i = 0; i < 10; i++) await notifier.emit(makeRecord(`images/${i}`))
    await idle(notifier)
    expect(a.delivered.map((e) => e.key)).toEqual(Array.from({ length: 10 }, (_, i) => `b/images/${i}`))
    expect(notifier.stats()[A]).toMatchObject({ delivered: 10, failedAttempts: 5, queued: 0, dropped: 0 })
    await notifier.close()
  })

  it('reports drops when a target queue is full', async () => {
    const a = createFakeTarget(A, Number.POSITIVE_INFINITY)
    const notifier = createNotifier({ log: quietLog, clock: createFakeClock() })
    await notifier.configure([a], { queues: { [A]: { queueLimit: 1 } } })
    notifier.setBucketRules('b', config)
    expect(await notifier.emit(makeRecord('images/1'))).toMatchObject({ queued: 1, dropped: 0 })
    expect(await notifier.emit(makeRecord('images/2'))).toMatchObject({ queued: 0, dropped: 1 })
    expect(notifier.stats()[A]).toMatchObject({ dropped: 1, queued: 1 })
    await notifier.close()
  })

  it('queues durably in <queueDir>/<kind>-<id> and resumes after a restart', async () => {
    const queueDir = await makeTempDir()
    const down = createFakeTarget(A, Number.POSITIVE_INFINITY)
    const first = createNotifier({ log: quietLog, clock: createFakeClock() })
    await first.configure([down], { queues: { [A]: { queueDir } } })
    first.setBucketRules('b', config)
    await first.emit(makeRecord('images/1'))
    await first.emit(makeRecord('images/2'))
    await first.close()
    expect(await readdir(queueDir)).toEqual(['webhook-a'])

    const up = createFakeTarget(A)
    const second = createNotifier({ log: quietLog })
    await second.configure([up], { queues: { [A]: { queueDir } } })
    await idle(second)
    expect(up.delivered.map((e) => e.key)).toEqual(['b/images/1', 'b/images/2'])
    await second.close()
  })

  it('skips rules whose target is not configured', async () => {
    const notifier = createNotifier({ log: quietLog })
    await notifier.configure([createFakeTarget(B)])
    notifier.setBucketRules('b', config)
    expect(await notifier.emit(makeRecord('images/x'))).toEqual({
      queued: 0,
      dropped: 0,
      failed: 0,
      listeners: 0,
    })
    await notifier.close()
  })
})
