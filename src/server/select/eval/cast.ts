import { selectError } from '../select-error.js'
import type { CastType } from '../sql/ast.js'
import { parseTimestamp } from './timestamp.js'
import { isAbsent, parseNumber, toText, type Value } from './values.js'

function failed(v: Value, type: CastType): Error {
  return selectError('CastFailed', `Cannot CAST ${JSON.stringify(toText(v))} AS ${type}.`)
}

/**
 * `CAST(v AS type)`; NULL and MISSING stay NULL, and so does an empty (or blank) string cast to
 * a non-string type (an empty CSV field); a value that does not convert → CastFailed.
 */
export function castValue(v: Value, type: CastType): Value {
  if (isAbsent(v)) return null
  if (type !== 'STRING' && typeof v === 'string' && v.trim() === '') return null
  switch (type) {
    case 'INT': {
      const n = castNumber(v, type)
      return Math.trunc(n)
    }
    case 'FLOAT':
    case 'DECIMAL':
      return castNumber(v, type)
    case 'STRING':
      return toText(v)
    case 'BOOL':
      return castBool(v)
    case 'TIMESTAMP': {
      if (v instanceof Date) return v
      const d = typeof v === 'string' ? parseTimestamp(v) : undefined
      if (!d) throw failed(v, type)
      return d
    }
  }
}

function castNumber(v: Value, type: CastType): number {
  if (typeof v === 'number') return v
  if (typeof v === 'boolean') return v ? 1 : 0
  const n = typeof v === 'string' ? parseNumber(v) : undefined
  if (n === undefined) throw failed(v, type)
  return n
}

function castBool(v: Value): boolean {
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v !== 0
  if (typeof v === 'string') {
    const lower = v.trim().toLowerCase()
    if (lower === 'true') return true
    if (lower === 'false') return false
  }
  throw failed(v, 'BOOL')
}
