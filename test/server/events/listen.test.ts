import { describe, expect, it } from 'vitest'
import { createListenStream } from '../../../src/server/events/listen-stream.js'
import { createNotifier } from '../../../src/server/events/notifier.js'
import type { EventName } from '../../../src/shared/events/event-names.js'
import type { S3EventRecord } from '../../../src/shared/events/record.js'
import { makeRecord } from './helpers.js'

// Reads up to n records without closing the subscription (a for-await `break` would close it).
async function take(sub: AsyncIterable<S3EventRecord>, n: number): Promise<string[]> {
  const iterator = sub[Symbol.asyncIterator]()
  const keys: string[] = []
  while (keys.length < n) {
    const { value, done } = await iterator.next()
    if (done) break
    keys.push(`${value.eventName} ${value.s3.object.key}`)
  }
  return keys
}

describe('listen subscriptions', () => {
  it.each<[string, { prefix?: string; suffix?: string; events: string[] }, [string, EventName][], string[]]>([
    [
      'by event wildcard',
      { events: ['s3:ObjectCreated:*'] },
      [
        ['a', 's3:ObjectCreated:Put'],
        ['b', 's3:ObjectRemoved:Delete'],
        ['c', 's3:ObjectCreated:Copy'],
      ],
      ['s3:ObjectCreated:Put a', 's3:ObjectCreated:Copy c'],
    ],
    [
      'by prefix and suffix (on the raw key)',
      { prefix: 'in box/', suffix: '.txt', events: ['s3:ObjectCreated:Put'] },
      [
        ['in box/a.txt', 's3:ObjectCreated:Put'],
        ['in box/a.png', 's3:ObjectCreated:Put'],
        ['out/a.txt', 's3:ObjectCreated:Put'],
      ],
      ['s3:ObjectCreated:Put in+box%2Fa.txt'],
    ],
    ['no events, no records', { events: [] }, [['a', 's3:ObjectCreated:Put']], []],
  ])('filters %s', async (_, filter, emitted, expected) => {
    const notifier = createNotifier()
    const sub = notifier.subscribe({ bucket: 'b', ...filter })
    let handed = 0
    for (const [key, eventName] of emitted)
      handed += (await notifier.emit(makeRecord(key, eventName))).listeners
    handed += (await notifier.emit(makeRecord('a', 's3:ObjectCreated:Put', 'other-bucket'))).listeners
    expect(handed).toBe(expected.length)
    expect(await take(sub, expected.length)).toEqual(expected)
    await notifier.close()
  })

  it('delivers to a waiting reader and counts listeners in emit', async () => {
    const notifier = createNotifier()
    const sub = notifier.subscribe({ bucket: 'b', events: ['s3:ObjectCreated:Put'] })
    const reading = take(sub, 1)
    expect((await notifier.emit(makeRecord('x'))).listeners).toBe(1)
    expect(await reading).toEqual(['s3:ObjectCreated:Put x'])
    await notifier.close()
  })

  it('bounds a slow listener: drops past the buffer and counts', async () => {
    const notifier = createNotifier()
    const sub = notifier.subscribe({ bucket: 'b', events: ['s3:ObjectCreated:*'], bufferSize: 3 })
    for (let i = 0; i < 10; i++) await notifier.emit(makeRecord(`k${i}`))
    expect(sub.dropped).toBe(7)
    expect(await take(sub, 3)).toEqual(['k0', 'k1', 'k2'].map((k) => `s3:ObjectCreated:Put ${k}`))
    await notifier.emit(makeRecord('k10'))
    expect(await take(sub, 1)).toEqual(['s3:ObjectCreated:Put k10'])
    await notifier.close()
  })

  it.each([
    [{ events: ['s3:Nope'] }, /not supported for notifications: "s3:Nope"/],
    [{ events: ['s3:ObjectCreated:*'], prefix: '../x' }, /Invalid prefix: .*'\.\.' path segment/],
    [{ events: ['s3:ObjectCreated:*'], suffix: 'a\\b' }, /Invalid suffix/],
  ])('rejects a bad filter %j with InvalidArgument', (filter, message) => {
    const notifier = createNotifier()
    expect(() => notifier.subscribe({ bucket: 'b', ...filter })).toThrow(message)
    expect(() => notifier.subscribe({ bucket: 'b', ...filter })).toThrow(
      expect.objectContaining({ code: 'InvalidArgument' }),
    )
  })

  it('close() ends a pending read and unsubscribes', async () => {
    const notifier = createNotifier()
    const sub = notifier.subscribe({ bucket: 'b', events: ['s3:ObjectCreated:*'] })
    const reading = take(sub, 1)
    sub.close()
    expect(await reading).toEqual([])
    expect((await notifier.emit(makeRecord('x'))).listeners).toBe(0)
  })

  it('notifier.close() ends every subscription', async () => {
    const notifier = createNotifier()
    const sub = notifier.subscribe({ bucket: 'b', events: ['s3:ObjectCreated:*'] })
    await notifier.close()
    expect(sub.closed).toBe(true)
  })
})

describe('listen stream', () => {
  async function readUntil(stream: NodeJS.ReadableStream, done: (text: string) => boolean): Promise<string> {
    let text = ''
    for await (const chunk of stream) {
      text += String(chunk)
      if (done(text)) break
    }
    return text
  }

  it('writes one {"Records":[record]} JSON object per line', async () => {
    const notifier = createNotifier()
    const sub = notifier.subscribe({ bucket: 'b', events: ['s3:ObjectCreated:*'] })
    const stream = createListenStream(sub, { keepAliveMs: 60_000 })
    const a = makeRecord('a')
    const b = makeRecord('b c')
    await notifier.emit(a)
    await notifier.emit(b)
    const text = await readUntil(stream, (t) => t.split('\n').length > 2)
    expect(text).toBe(`${JSON.stringify({ Records: [a] })}\n${JSON.stringify({ Records: [b] })}\n`)
    expect(sub.closed).toBe(true) // breaking out of the read destroyed the stream
    await notifier.close()
  })

  it('sends a space as keep-alive when idle, and clients can parse around it', async () => {
    const notifier = createNotifier()
    const sub = notifier.subscribe({ bucket: 'b', events: ['s3:ObjectCreated:*'] })
    const stream = createListenStream(sub, { keepAliveMs: 10 })
    setTimeout(() => void notifier.emit(makeRecord('late')), 60)
    const text = await readUntil(stream, (t) => t.includes('\n'))
    expect(text.startsWith(' ')).toBe(true)
    const objects = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line))
    expect(objects).toHaveLength(1)
    expect(objects[0].Records[0].s3.object.key).toBe('late')
    await notifier.close()
  })

  it('ends the stream when the subscription closes', async () => {
    const notifier = createNotifier()
    const sub = notifier.subscribe({ bucket: 'b', events: ['s3:ObjectCreated:*'] })
    const stream = createListenStream(sub, { keepAliveMs: 60_000 })
    const ended = new Promise((resolve) => stream.on('end', resolve))
    stream.resume()
    await notifier.close()
    await ended
  })
})
