/**
 * Durations on the command line: `7d`, `12h`, `30m`, `45s`, or several together (`1d12h`).
 */
import { UsageError } from '../errors/cli-error.js'

const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3600, m: 60, s: 1 }

/**
 * Seconds in a duration; a bare number means seconds. Throws a `UsageError` naming the flag.
 * @example
 * parseDuration('7d', '--expire') // 604800
 * parseDuration('1h30m', '--expire') // 5400
 */
export function parseDuration(text: string, flag: string): number {
  const trimmed = text.trim().toLowerCase()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  if (!/^(\d+[dhms])+$/.test(trimmed)) {
    throw new UsageError(`${flag}: "${text}" is not a duration like 7d, 12h, 30m, 45s or 1d12h`)
  }
  let seconds = 0
  for (const [, count, unit] of trimmed.matchAll(/(\d+)([dhms])/g))
    seconds += Number(count) * UNIT_SECONDS[unit!]!
  return seconds
}
