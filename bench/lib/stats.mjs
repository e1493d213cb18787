// Small statistics over per-round samples.

/** Median of finite numbers; NaN for none. */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** (max − min) / median, as a fraction: how far apart the rounds were. */
export function spread(values) {
  const finite = values.filter(Number.isFinite)
  if (finite.length < 2) return Number.NaN
  return (Math.max(...finite) - Math.min(...finite)) / median(finite)
}

/** The `p`-quantile (0..1) of numbers, nearest rank; NaN for none. */
export function percentileOf(values, p) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]
}

// Latency histograms: log-spaced buckets 2% wide from 1 µs, so a client child reports the
// p50 / p99 of any number of operations in a few KB, and a group of children merges theirs.
const GROWTH = 1.02
const BUCKETS = 1100 // 1.02^1100 µs ≈ 3 hours: nothing the bench times is longer
const LOG_GROWTH = Math.log(GROWTH)

/** An empty latency histogram (a plain array of counts, so it crosses IPC as is). */
export const createHistogram = () => new Array(BUCKETS).fill(0)

/** Counts one latency of `micros` µs. */
export function recordLatency(histogram, micros) {
  const bucket = micros <= 1 ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(micros) / LOG_GROWTH))
  histogram[bucket]++
}

/** The sum of histograms (of one shape). */
export function mergeHistograms(histograms) {
  const merged = createHistogram()
  for (const h of histograms) for (let i = 0; i < BUCKETS; i++) merged[i] += h[i]
  return merged
}

/** The `p`-quantile (0..1) of a histogram in µs, the upper edge of its bucket (≤ 2% high); NaN when empty. */
export function histogramQuantile(histogram, p) {
  const total = histogram.reduce((sum, n) => sum + n, 0)
  if (total === 0) return Number.NaN
  const rank = Math.max(1, Math.ceil(p * total))
  let seen = 0
  for (let i = 0; i < BUCKETS; i++) {
    seen += histogram[i]
    if (seen >= rank) return GROWTH ** i
  }
  return GROWTH ** (BUCKETS - 1)
}
