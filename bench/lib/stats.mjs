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
