/**
 * The seed's event message for one event, worked out independently of src/ (Intl for the local
 * offset), so a target test compares what arrived with what the seed says.
 */

/** What a message is made of. */
export interface MessageParts {
  eventName: string
  /** `<bucket>/<object>`, not escaped. */
  key: string
  eventTime: string
  record: unknown
}

/**
 * The message `kind` must publish: `{Records, level, msg, time}`, plus `EventType`+`Key` on nats
 * and kafka, `EventName`+`Key` on nsq (seed, "Event message shape").
 */
export function expectedMessage(kind: string, e: MessageParts): Record<string, unknown> {
  const message: Record<string, unknown> = {
    Records: [e.record],
    level: 'info',
    msg: '',
    time: localTimeOf(e.eventTime),
  }
  if (kind === 'nats' || kind === 'kafka') Object.assign(message, { EventType: e.eventName, Key: e.key })
  if (kind === 'nsq') Object.assign(message, { EventName: e.eventName, Key: e.key })
  return message
}

/**
 * `eventTime` (ISO 8601 UTC) in this process's time zone with its numeric offset, to the second:
 * `2024-05-01T12:00:00+02:00`; UTC is `+00:00`.
 */
export function localTimeOf(eventTime: string, timeZone?: string): string {
  const date = new Date(Math.floor(Date.parse(eventTime) / 1000) * 1000)
  const parts = new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  // 'GMT' for UTC, else 'GMT+05:30' / 'GMT-03:00'.
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00'
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`
}

/**
 * `<bucket>/<object>` of a delivered message, read from its record (webhook, amqp and mqtt
 * messages carry no `Key`: seed, "Event message shape").
 */
export function messageKey(body: unknown): string {
  const record = (body as { Records: { s3: { bucket: { name: string }; object: { key: string } } }[] })
    .Records[0]!
  return `${record.s3.bucket.name}/${decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '))}`
}
