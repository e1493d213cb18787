import { parseTimestamp } from './timestamp.js'

/**
 * Values during evaluation: `null` is SQL NULL, `undefined` is MISSING (an absent column or
 * key), strings, numbers, booleans, timestamps (Date) and, from JSON input, nested objects and
 * arrays. CSV fields are strings; the implicit conversions below are what lets `s._1 > 5` work
 * on them (docs/select.md, "Types and coercions").
 */
export type Value = null | undefined | boolean | number | string | Date | readonly unknown[] | object

const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/

/** Whether `v` is NULL or MISSING. */
export function isAbsent(v: Value): v is null | undefined {
  return v === null || v === undefined
}

/** A numeric string's number, or undefined when `s` is not a number literal. */
export function parseNumber(s: string): number | undefined {
  return NUMERIC.test(s) ? Number(s) : undefined
}

/** `v` as a number for arithmetic and aggregates: numbers, numeric strings; else undefined. */
export function toNumberImplicit(v: Value): number | undefined {
  if (typeof v === 'number') return v
  if (typeof v === 'string') return parseNumber(v)
  return undefined
}

/** `v` as a boolean when it is one or spells one ('true'/'false', any case). */
function toBoolImplicit(v: Value): boolean | undefined {
  if (typeof v === 'boolean') return v
  if (typeof v === 'string') {
    const lower = v.trim().toLowerCase()
    if (lower === 'true') return true
    if (lower === 'false') return false
  }
  return undefined
}

/** `v` as a timestamp when it is one or is a string Date can parse. */
function toDateImplicit(v: Value): Date | undefined {
  if (v instanceof Date) return v
  if (typeof v === 'string') return parseTimestamp(v)
  return undefined
}

function order<T extends number | string | boolean>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Compares two values: -1, 0 or 1; null when either is NULL/MISSING or they cannot be compared
 * (a non-numeric string against a number, say). A string against a number, boolean or timestamp
 * is converted to that type first; two strings compare by code unit.
 */
export function compareValues(a: Value, b: Value): number | null {
  if (isAbsent(a) || isAbsent(b)) return null
  if (typeof a === 'string' && typeof b === 'string') return order(a, b)
  if (typeof a === 'number' || typeof b === 'number') {
    const x = toNumberImplicit(a)
    const y = toNumberImplicit(b)
    return x === undefined || y === undefined ? null : order(x, y)
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = toBoolImplicit(a)
    const y = toBoolImplicit(b)
    return x === undefined || y === undefined ? null : order(x, y)
  }
  if (a instanceof Date || b instanceof Date) {
    const x = toDateImplicit(a)
    const y = toDateImplicit(b)
    return x === undefined || y === undefined ? null : order(x.getTime(), y.getTime())
  }
  // Objects and arrays from JSON: equal when their JSON text is; no order.
  return JSON.stringify(a) === JSON.stringify(b) ? 0 : null
}

/** `v` as text: for `||`, LIKE, string functions and CSV output. */
export function toText(v: Value): string {
  if (typeof v === 'string') return v
  if (v === null || v === undefined) return ''
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (v instanceof Date) return v.toISOString()
  return JSON.stringify(v)
}

/** A plain JSON form of `v` for JSON output (timestamps as ISO strings). */
export function toJsonValue(v: Value): unknown {
  return v instanceof Date ? v.toISOString() : v
}
