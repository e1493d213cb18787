import { describe, expect, it } from 'vitest'
import {
  currentExpiry,
  expiryAfterDays,
  type LifecycleRule,
  matchesFilter,
} from '../../../src/server/ilm/lifecycle-rules.js'

const rule = (id: string, days: number, filter: Partial<LifecycleRule['filter']> = {}): LifecycleRule => ({
  id,
  enabled: true,
  filter: { form: 'and', prefix: '', tags: [], ...filter },
  expiration: { days },
})

describe('lifecycle rules', () => {
  it.each([
    // S3 user guide: created 1/15/2014 10:30 UTC, 3 days → 1/19/2014 00:00 UTC.
    ['2014-01-15T10:30:00Z', 3, '2014-01-19T00:00:00.000Z'],
    ['2012-12-21T10:00:00Z', 1, '2012-12-23T00:00:00.000Z'],
    ['2012-12-21T23:59:59Z', 1, '2012-12-23T00:00:00.000Z'],
  ])('an object written at %s expires %i days later at the next midnight UTC: %s', (from, days, at) => {
    expect(expiryAfterDays(new Date(from), days).toISOString()).toBe(at)
  })

  it('a filter selects by prefix, every tag, and strict size bounds', () => {
    const filter = {
      form: 'and' as const,
      prefix: 'a/',
      tags: [{ key: 'k', value: 'v' }],
      sizeGreaterThan: 10,
      sizeLessThan: 20,
    }
    const tags = [
      { key: 'k', value: 'v' },
      { key: 'x', value: 'y' },
    ]
    expect(matchesFilter(filter, { key: 'a/1', size: 15, tags })).toBe(true)
    expect(matchesFilter(filter, { key: 'b/1', size: 15, tags })).toBe(false)
    expect(matchesFilter(filter, { key: 'a/1', size: 10, tags })).toBe(false)
    expect(matchesFilter(filter, { key: 'a/1', size: 20, tags })).toBe(false)
    expect(matchesFilter(filter, { key: 'a/1', size: 15, tags: [{ key: 'k', value: 'w' }] })).toBe(false)
  })

  it('the earliest of the enabled rules that select the object names the expiry', () => {
    const lastModified = new Date('2020-01-01T12:00:00Z')
    const subject = { key: 'logs/a', size: 1, tags: [], lastModified }
    const rules = [
      rule('late', 30),
      rule('early', 2, { prefix: 'logs/' }),
      { ...rule('off', 1), enabled: false },
    ]
    expect(currentExpiry(rules, subject)).toEqual({ date: new Date('2020-01-04T00:00:00Z'), ruleId: 'early' })
    expect(currentExpiry(rules, { ...subject, key: 'other' })?.ruleId).toBe('late')
    expect(currentExpiry([rules[2]!], subject)).toBeUndefined()
  })
})
