import { afterEach, describe, expect, it } from 'vitest'
import { buildEventMessage, formatLocalTime } from '../../../src/shared/events/event-message.js'
import { localTimeOf } from '../../server/events/support/expected-message.js'

const event = {
  eventName: 's3:ObjectCreated:Put',
  key: 'photos/a b.jpg',
  eventTime: '2026-11-24T07:01:02Z',
  record: { eventName: 's3:ObjectCreated:Put' },
}

// Node reads TZ again whenever it changes, so each case pins the zone it needs.
const savedTz = process.env.TZ
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ
  else process.env.TZ = savedTz
})

describe('event message (seed, "Event message shape")', () => {
  it.each([
    ['nats', { EventType: 's3:ObjectCreated:Put', Key: 'photos/a b.jpg' }],
    ['kafka', { EventType: 's3:ObjectCreated:Put', Key: 'photos/a b.jpg' }],
    ['nsq', { EventName: 's3:ObjectCreated:Put', Key: 'photos/a b.jpg' }],
    ['webhook', {}],
    ['amqp', {}],
    ['mqtt', {}],
  ])('%s: Records, level, msg, time and exactly its own extra fields', (kind, extra) => {
    process.env.TZ = 'UTC'
    expect(buildEventMessage(event, kind)).toStrictEqual({
      Records: [event.record],
      level: 'info',
      msg: '',
      time: '2026-11-24T07:01:02+00:00',
      ...extra,
    })
  })

  it.each([
    ['UTC', '2026-11-24T07:01:02+00:00'],
    ['Europe/Paris', '2026-11-24T08:01:02+01:00'],
    ['Asia/Kolkata', '2026-11-24T12:31:02+05:30'],
    ['America/St_Johns', '2026-11-24T03:31:02-03:30'],
    ['America/Los_Angeles', '2026-11-23T23:01:02-08:00'],
  ])('time is the event time with the local UTC offset of TZ=%s', (tz, want) => {
    process.env.TZ = tz
    expect(buildEventMessage(event, 'webhook').time).toBe(want)
    expect(localTimeOf(event.eventTime, tz)).toBe(want)
  })

  it('time follows the event time (stable when a queued event is retried), to the second', () => {
    process.env.TZ = 'Europe/Paris'
    const old = { ...event, eventTime: '2024-07-01T10:00:00.999Z' }
    expect(buildEventMessage(old, 'nats').time).toBe('2024-07-01T12:00:00+02:00')
    expect(formatLocalTime(new Date('0999-01-01T00:00:00Z'))).toMatch(/^0999-01-01T00:\d\d:\d\d\+00:\d\d$/)
  })
})
