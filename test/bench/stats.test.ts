// The bench's statistics (bench/lib/stats.mjs): medians, percentiles and the latency
// histogram client children send their p50 / p99 in. Nothing here is timed.
import { describe, expect, it } from 'vitest'
import {
  createHistogram,
  histogramQuantile,
  median,
  mergeHistograms,
  percentileOf,
  recordLatency,
  spread,
} from '../../bench/lib/stats.mjs'

describe('stats', () => {
  it('takes medians, spreads and nearest-rank percentiles of finite values', () => {
    expect(median([3, Number.NaN, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(spread([90, 100, 110])).toBeCloseTo(0.2)
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentileOf(values, 0.5)).toBe(50)
    expect(percentileOf(values, 0.99)).toBe(99)
    expect(percentileOf([], 0.5)).toBeNaN()
  })

  it('reads quantiles from a histogram within its 2% buckets, after a merge', () => {
    const a = createHistogram()
    const b = createHistogram()
    for (let i = 1; i <= 990; i++) recordLatency(a, 1000) // 1 ms
    for (let i = 1; i <= 10; i++) recordLatency(b, 50_000) // 50 ms
    const merged = mergeHistograms([a, b])
    expect(histogramQuantile(merged, 0.5)).toBeGreaterThanOrEqual(1000)
    expect(histogramQuantile(merged, 0.5)).toBeLessThan(1020)
    expect(histogramQuantile(merged, 0.99)).toBeLessThan(1020)
    expect(histogramQuantile(merged, 0.995)).toBeGreaterThanOrEqual(50_000)
    expect(histogramQuantile(merged, 0.995)).toBeLessThan(51_000)
    expect(histogramQuantile(createHistogram(), 0.5)).toBeNaN()
  })
})
