import { describe, expect, it } from 'vitest'
import { computeBackoff } from '../../../src/server/events/backoff.js'

describe('backoff', () => {
  it.each([
    // [attempt, random, delay]: ceiling = min(30 s, 100 ms × 2^attempt), delay in [ceiling/2, ceiling)
    [0, 0, 50],
    [0, 0.999, 100],
    [1, 0, 100],
    [3, 0.5, 600],
    [8, 0, 12_800],
    [9, 0, 15_000],
    [9, 0.999, 29_985],
    [50, 0.5, 22_500],
    [5000, 0, 15_000],
  ])('attempt %i with random %f waits %i ms', (attempt, random, delay) => {
    expect(computeBackoff(attempt, () => random)).toBe(delay)
  })

  it('honours other bounds', () => {
    expect(computeBackoff(0, () => 0, { initialMs: 1000, maxMs: 5000 })).toBe(500)
    expect(computeBackoff(10, () => 0, { initialMs: 1000, maxMs: 5000 })).toBe(2500)
  })
})
