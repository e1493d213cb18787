/**
 * The event message a target publishes, as the seed's "Event message shape" table has it:
 * `Records`, `level`, `msg`, `time` on every kind, plus `EventType` and `Key` on nats and kafka,
 * `EventName` and `Key` on nsq. (MinIO's code sends `EventName` and `Key` everywhere; the seed,
 * which is our specification, names them per kind, so we follow it: docs/events.md.)
 */

/** The target kinds whose messages carry `EventType` and `Key`. */
const EVENT_TYPE_KINDS: ReadonlySet<string> = new Set(['nats', 'kafka'])
/** The target kinds whose messages carry `EventName` and `Key`. */
const EVENT_NAME_KINDS: ReadonlySet<string> = new Set(['nsq'])

/** One event message. `Records` holds one record per event: Silo publishes one event per message. */
export interface EventMessage<R = unknown> {
  Records: R[]
  /** Always 'info'. */
  level: 'info'
  /** Usually empty; Silo always sends ''. */
  msg: string
  /** The event time in the server's local time zone, with its UTC offset: `2026-11-24T08:01:02+01:00`. */
  time: string
  /** The event name (nats, kafka). */
  EventType?: string
  /** The event name (nsq). */
  EventName?: string
  /** `<bucket>/<object>`, the object name not URL-escaped (nats, kafka, nsq). */
  Key?: string
}

/** What a message is made from: the event's name, key, time and record. */
export interface EventMessageInput<R> {
  eventName: string
  /** `<bucket>/<object>`, the object name not URL-escaped. */
  key: string
  /** ISO 8601 UTC, as in the record. */
  eventTime: string
  record: R
}

/**
 * Builds the message `kind` publishes for one event. `time` is derived from the event time (not
 * the moment of sending), so a message retried from the durable queue is the same message.
 *
 * @example
 * buildEventMessage({ eventName: 's3:ObjectCreated:Put', key: 'photos/a.jpg', eventTime: '2026-11-24T07:01:02Z', record }, 'nats')
 * // { Records: [record], level: 'info', msg: '', time: '2026-11-24T07:01:02+00:00', EventType: 's3:ObjectCreated:Put', Key: 'photos/a.jpg' }
 */
export function buildEventMessage<R>(event: EventMessageInput<R>, kind: string): EventMessage<R> {
  const message: EventMessage<R> = {
    Records: [event.record],
    level: 'info',
    msg: '',
    time: formatLocalTime(parseEventTime(event.eventTime)),
  }
  if (EVENT_TYPE_KINDS.has(kind)) message.EventType = event.eventName
  if (EVENT_NAME_KINDS.has(kind)) message.EventName = event.eventName
  if (EVENT_TYPE_KINDS.has(kind) || EVENT_NAME_KINDS.has(kind)) message.Key = event.key
  return message
}

// An entry queued without a readable time (none should be) still gets a well-formed `time`.
function parseEventTime(eventTime: string): Date {
  const date = new Date(eventTime)
  return Number.isNaN(date.getTime()) ? new Date() : date
}

/**
 * RFC 3339 in the local time zone of this process (`TZ`), to the second, always with a numeric
 * offset: the seed's "timestamp with local UTC offset". UTC prints `+00:00`, not `Z`, so every
 * value has the same shape.
 *
 * @example formatLocalTime(new Date('2026-11-24T07:01:02Z')) // '2026-11-24T08:01:02+01:00' with TZ=Europe/Paris
 */
export function formatLocalTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('formatLocalTime: invalid date')
  const offset = -date.getTimezoneOffset()
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  return `${day}T${clock}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}
