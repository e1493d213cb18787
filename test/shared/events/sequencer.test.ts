import { describe, expect, it } from 'vitest'
import { createSequencer } from '../../../src/shared/events/sequencer.js'

describe('sequencer', () => {
  it('is 20 upper-case hex digits: 12 of milliseconds, 8 of counter', () => {
    const next = createSequencer(() => 0x18cc8e1e0b3)
    expect(next()).toBe('018CC8E1E0B300000000')
    expect(next()).toBe('018CC8E1E0B300000001')
  })

  it('orders events by plain string comparison, within and across milliseconds', () => {
    let now = 1_700_000_000_000
    const next = createSequencer(() => now)
    const values: string[] = []
    for (let i = 0; i < 1000; i++) {
      if (i % 7 === 0) now += 1
      values.push(next())
    }
    expect(new Set(values).size).toBe(values.length)
    expect([...values].sort()).toEqual(values)
  })

  it('never goes backwards when the clock does', () => {
    const times = [5000, 5000, 4000, 3000, 5001, 4999]
    const next = createSequencer(() => times.shift()!)
    const values = Array.from({ length: 6 }, next)
    expect([...values].sort()).toEqual(values)
    expect(values[2]).toBe('00000000138800000002')
    expect(values[4]).toBe('00000000138900000000')
  })
})
