// ISO 8601 as S3 Select's TIMESTAMP reads it: a year, then optional month, day, time (minutes,
// optional seconds and fraction) and offset; `2007T`, `2007-02-23`, `2007-02-23T12:14:33.079-08:00`.
const ISO_TIMESTAMP =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T(?:(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?)?$/

/** The instant an ISO 8601 timestamp string names (UTC when it has no offset), or undefined. */
export function parseTimestamp(text: string): Date | undefined {
  const m = ISO_TIMESTAMP.exec(text.trim())
  if (!m) return undefined
  const [, y, mo = '1', d = '1', h = '0', mi = '0', s = '0', frac = '0', zone = 'Z'] = m
  const month = Number(mo)
  const day = Number(d)
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return undefined
  }
  const ms = Math.floor(Number(`0.${frac}`) * 1000)
  let time = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s), ms)
  if (zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1
    time -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000
  }
  const date = new Date(time)
  // Date.UTC rolls 2023-02-30 over to March: a day the month does not have is no timestamp.
  return date.getUTCDate() === day || zone !== 'Z' ? date : undefined
}
