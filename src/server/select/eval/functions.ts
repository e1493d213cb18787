import { selectError } from '../select-error.js'
import { castValue } from './cast.js'
import { compareValues, isAbsent, toText, type Value } from './values.js'

/** A scalar function: its arity range and its body over evaluated arguments. */
interface ScalarFunction {
  min: number
  max: number
  call(args: Value[]): Value
}

function text(v: Value): string | null {
  return isAbsent(v) ? null : toText(v)
}

function trim(s: string, chars: string, mode: string): string {
  const set = new Set(chars)
  let start = 0
  let end = s.length
  if (mode !== 'TRAILING') while (start < end && set.has(s[start]!)) start++
  if (mode !== 'LEADING') while (end > start && set.has(s[end - 1]!)) end--
  return s.slice(start, end)
}

function substring(args: Value[]): Value {
  const s = text(args[0])
  if (s === null || isAbsent(args[1]) || (args.length > 2 && isAbsent(args[2]))) return null
  const chars = [...s]
  const start = castValue(args[1], 'INT') as number
  // SQL positions are 1-based; a start before 1 still counts toward the length.
  const length = args.length > 2 ? (castValue(args[2], 'INT') as number) : Number.POSITIVE_INFINITY
  if (length < 0) {
    throw selectError('IllegalSqlFunctionArgument', `SUBSTRING's length must not be negative (${length}).`)
  }
  const from = Math.max(start, 1)
  const to = start + length
  return to <= from ? '' : chars.slice(from - 1, to - 1).join('')
}

/** The scalar functions, by upper-case name. */
export const FUNCTIONS: Record<string, ScalarFunction> = {
  LOWER: { min: 1, max: 1, call: ([v]) => text(v)?.toLowerCase() ?? null },
  UPPER: { min: 1, max: 1, call: ([v]) => text(v)?.toUpperCase() ?? null },
  CHAR_LENGTH: { min: 1, max: 1, call: ([v]) => (isAbsent(v) ? null : [...toText(v)].length) },
  CHARACTER_LENGTH: { min: 1, max: 1, call: ([v]) => (isAbsent(v) ? null : [...toText(v)].length) },
  // The parser turns every TRIM form into (string, characters or NULL, mode).
  TRIM: {
    min: 3,
    max: 3,
    call: ([v, chars, mode]) => {
      const s = text(v)
      return s === null ? null : trim(s, isAbsent(chars) ? ' ' : toText(chars), String(mode))
    },
  },
  SUBSTRING: { min: 2, max: 3, call: substring },
  COALESCE: { min: 1, max: Number.POSITIVE_INFINITY, call: (args) => args.find((v) => !isAbsent(v)) ?? null },
  NULLIF: { min: 2, max: 2, call: ([a, b]) => (compareValues(a, b) === 0 ? null : (a ?? null)) },
}
