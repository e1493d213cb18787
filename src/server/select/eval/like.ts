import { selectError } from '../select-error.js'

/**
 * The regular expression for a LIKE pattern: `%` any run, `_` one character, `escape` (one
 * character) makes the next `%`, `_` or itself literal.
 */
export function likeToRegExp(pattern: string, escapeChar: string | undefined): RegExp {
  if (escapeChar !== undefined && [...escapeChar].length !== 1) {
    throw selectError(
      'EvaluatorLikePatternInvalidEscapeSequence',
      `The ESCAPE of LIKE must be one character, not ${JSON.stringify(escapeChar)}.`,
    )
  }
  let source = ''
  const chars = [...pattern]
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!
    if (c === escapeChar) {
      const next = chars[++i]
      if (next === undefined || (next !== '%' && next !== '_' && next !== escapeChar)) {
        throw selectError(
          'EvaluatorLikePatternInvalidEscapeSequence',
          `The LIKE pattern ${JSON.stringify(pattern)} has an escape not followed by %, _ or the escape.`,
        )
      }
      source += next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    } else if (c === '%') source += '.*'
    else if (c === '_') source += '.'
    else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  }
  return new RegExp(`^${source}$`, 'su')
}
