import { selectError } from '../select-error.js'

/** One element of a LIKE pattern: `%`, `_`, or a literal run of text. */
type LikePart = { kind: 'any' } | { kind: 'one' } | { kind: 'text'; text: string }

/** Splits a LIKE pattern; `escapeChar` (one character) makes the next `%`, `_` or itself literal. */
function parsePattern(pattern: string, escapeChar: string | undefined): LikePart[] {
  if (escapeChar !== undefined && [...escapeChar].length !== 1) {
    throw selectError(
      'EvaluatorLikePatternInvalidEscapeSequence',
      `The ESCAPE of LIKE must be one character, not ${JSON.stringify(escapeChar)}.`,
    )
  }
  const parts: LikePart[] = []
  const chars = [...pattern]
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i]!
    if (c === escapeChar) {
      const next = chars[++i]
      if (next === undefined || (next !== '%' && next !== '_' && next !== escapeChar)) {
        throw selectError(
          'EvaluatorLikePatternInvalidEscapeSequence',
          `The LIKE pattern ${JSON.stringify(pattern)} has an escape not followed by %, _ or the escape.`,
        )
      }
      c = next
    } else if (c === '%' || c === '_') {
      parts.push({ kind: c === '%' ? 'any' : 'one' })
      continue
    }
    const last = parts[parts.length - 1]
    if (last?.kind === 'text') last.text += c
    else parts.push({ kind: 'text', text: c })
  }
  return parts
}

/** The length in UTF-16 units of the character at `i` (2 for a surrogate pair). */
function charLength(s: string, i: number): number {
  const code = s.charCodeAt(i)
  return code >= 0xd800 && code <= 0xdbff && i + 1 < s.length ? 2 : 1
}

/**
 * A matcher for a LIKE pattern: `%` any run, `_` one character. It scans left to right and,
 * on a mismatch, moves only the most recent `%` on by one character: O(text × pattern) at
 * worst, where a regular expression can backtrack exponentially on `%a%a%a...b` — a query
 * must not be able to pin a CPU with one record.
 */
export function compileLike(pattern: string, escapeChar: string | undefined): (text: string) => boolean {
  const parts = parsePattern(pattern, escapeChar)
  return (s) => {
    let si = 0
    let pi = 0
    let star = -1
    let mark = 0
    while (si < s.length) {
      const part = parts[pi]
      if (part?.kind === 'one') {
        si += charLength(s, si)
        pi++
      } else if (part?.kind === 'text' && s.startsWith(part.text, si)) {
        si += part.text.length
        pi++
      } else if (part?.kind === 'any') {
        star = pi++
        mark = si
      } else if (star >= 0) {
        pi = star + 1
        mark += charLength(s, mark)
        si = mark
      } else {
        return false
      }
    }
    while (parts[pi]?.kind === 'any') pi++
    return pi === parts.length
  }
}
