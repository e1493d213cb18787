import { selectError } from '../select-error.js'

/** The kinds of token the S3 Select SQL lexer produces. */
export type TokenKind = 'ident' | 'quoted' | 'string' | 'number' | 'op' | 'end'

/** One token with its position in the expression (1-based line and column, for error messages). */
export interface Token {
  kind: TokenKind
  /** The identifier or literal text (a quoted identifier or string without its quotes), or the operator. */
  text: string
  line: number
  column: number
}

const OPERATORS = [
  '<=',
  '>=',
  '<>',
  '!=',
  '||',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  ',',
  '.',
  '[',
  ']',
]
const IDENT_START = /[A-Za-z_]/
const IDENT_PART = /[A-Za-z0-9_$]/
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/

/** Splits an SQL expression into tokens; the last is always `end`. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  let line = 1
  let lineStart = 0
  const at = (kind: TokenKind, text: string, start: number): Token => ({
    kind,
    text,
    line,
    column: start - lineStart + 1,
  })
  while (i < sql.length) {
    const c = sql[i]!
    if (c === '\n') {
      i++
      line++
      lineStart = i
      continue
    }
    if (/\s/.test(c)) {
      i++
      continue
    }
    const start = i
    if (IDENT_START.test(c)) {
      while (i < sql.length && IDENT_PART.test(sql[i]!)) i++
      tokens.push(at('ident', sql.slice(start, i), start))
      continue
    }
    const number = NUMBER.exec(sql.slice(i, i + 400))
    if (number && /[0-9.]/.test(c)) {
      i += number[0].length
      tokens.push(at('number', number[0], start))
      continue
    }
    if (c === "'" || c === '"') {
      const [text, end] = readQuoted(sql, i, c, at('string', '', start))
      tokens.push(at(c === "'" ? 'string' : 'quoted', text, start))
      i = end
      continue
    }
    const op = OPERATORS.find((o) => sql.startsWith(o, i))
    if (!op) {
      const where = at('op', c, start)
      throw selectError(
        'LexerInvalidChar',
        `Invalid character '${c}' at line ${where.line}, column ${where.column}.`,
      )
    }
    tokens.push(at('op', op, start))
    i += op.length
  }
  tokens.push(at('end', '', i))
  return tokens
}

/** Reads a quoted string or identifier from `start` (a doubled quote stands for one). */
function readQuoted(sql: string, start: number, quote: string, where: Token): [string, number] {
  let text = ''
  let i = start + 1
  for (;;) {
    const next = sql.indexOf(quote, i)
    if (next < 0) {
      throw selectError(
        'LexerInvalidLiteral',
        `Unterminated ${quote === "'" ? 'string literal' : 'quoted identifier'} at line ${where.line}, column ${where.column}.`,
      )
    }
    text += sql.slice(i, next)
    if (sql[next + 1] === quote) {
      text += quote
      i = next + 2
      continue
    }
    return [text, next + 1]
  }
}
