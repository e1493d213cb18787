/**
 * The candidate closest to `word` (same spelling in another case, or at most two edits away),
 * formatted as ` (did you mean "X"?)`, or '' when nothing is close. Used in error messages.
 */
export function suggest(word: string, candidates: Iterable<string>): string {
  const lower = word.toLowerCase()
  let best = ''
  let bestDistance = 3
  for (const candidate of candidates) {
    const d = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase())
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best === '' ? '' : ` (did you mean "${best}"?)`
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost))
    }
    previous = row
  }
  return previous[b.length]!
}
