/**
 * Dates and durations as the CLI prints them: mc's listing date, the `service status` uptime and
 * the `admin info` "online since" phrase.
 */

/**
 * A listing date, UTC: `2026-11-22 06:17:43 UTC`.
 * @example
 * formatListDate(new Date('2026-11-22T06:17:43.120Z')) // '2026-11-22 06:17:43 UTC'
 */
export function formatListDate(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/**
 * Uptime in the seed's `service status` form (all four units, so scripts can split it).
 * @example
 * formatUptime(93_784_000) // '1 days 2 hours 3 minutes 4 seconds'
 */
export function formatUptime(milliseconds: number): string {
  let seconds = Math.max(0, Math.floor(milliseconds / 1000))
  const days = Math.floor(seconds / 86_400)
  seconds -= days * 86_400
  const hours = Math.floor(seconds / 3600)
  seconds -= hours * 3600
  const minutes = Math.floor(seconds / 60)
  seconds -= minutes * 60
  return `${days} days ${hours} hours ${minutes} minutes ${seconds} seconds`
}

const STEPS: [limitSeconds: number, unitSeconds: number, unit: string][] = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [7 * 86_400, 86_400, 'day'],
  [30 * 86_400, 7 * 86_400, 'week'],
  [365 * 86_400, 30 * 86_400, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 86_400, 'year'],
]

/**
 * How long ago, in the largest whole unit (go-humanize's RelTime wording, which mc prints).
 * @example
 * formatAgo(2 * 3600 * 1000 + 5000) // '2 hours'
 * formatAgo(1000) // '1 second'
 */
export function formatAgo(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000))
  if (seconds === 0) return '0 seconds'
  const [, unitSeconds, unit] = STEPS.find(([limit]) => seconds < limit)!
  const count = Math.floor(seconds / unitSeconds)
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}
