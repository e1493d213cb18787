import { describe, expect, it } from 'vitest'
import { formatEntry } from '../../../src/cli/commands/ls.js'
import { formatSize } from '../../../src/cli/output/format-size.js'
import { formatAgo, formatListDate, formatUptime } from '../../../src/cli/output/format-time.js'
import { parseDuration } from '../../../src/cli/output/parse-duration.js'

describe('formatSize (binary units, as mc prints them)', () => {
  it.each([
    [0, '0B'],
    [9, '9B'],
    [100, '100B'],
    [1023, '1023B'],
    [1024, '1.0KiB'],
    [1234, '1.2KiB'],
    [12_345, '12KiB'],
    [5 * 1024 ** 2, '5.0MiB'],
    [1536 * 1024 ** 3, '1.5TiB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text)
  })

  it('puts a space before the unit for admin info', () => {
    expect(formatSize(10 * 1024 ** 3, { spaced: true })).toBe('10 GiB')
  })
})

describe('dates and durations', () => {
  it('prints listing dates in UTC like mc', () => {
    expect(formatListDate(new Date('2026-11-22T06:17:43.999Z'))).toBe('2026-11-22 06:17:43 UTC')
    expect(formatEntry(new Date('2026-11-22T06:17:43Z'), 1234, 'key')).toBe(
      '[2026-11-22 06:17:43 UTC]  1.2KiB key',
    )
  })

  it('prints uptime with all four units', () => {
    expect(formatUptime(((1 * 24 + 2) * 3600 + 3 * 60 + 4) * 1000)).toBe('1 days 2 hours 3 minutes 4 seconds')
    expect(formatUptime(0)).toBe('0 days 0 hours 0 minutes 0 seconds')
  })

  it.each([
    [1000, '1 second'],
    [59_000, '59 seconds'],
    [2 * 3600_000 + 5000, '2 hours'],
    [86_400_000, '1 day'],
    [15 * 86_400_000, '2 weeks'],
  ])('formatAgo(%d) = %s', (ms, text) => {
    expect(formatAgo(ms)).toBe(text)
  })

  it.each([
    ['7d', 604_800],
    ['12h', 43_200],
    ['1h30m', 5400],
    ['45s', 45],
    ['90', 90],
  ])('parseDuration(%s) = %d', (text, seconds) => {
    expect(parseDuration(text, '--expire')).toBe(seconds)
  })

  it('names the flag and the bad value', () => {
    expect(() => parseDuration('7x', '--expire')).toThrow('--expire: "7x" is not a duration')
  })
})
