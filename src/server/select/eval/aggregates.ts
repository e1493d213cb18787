import { selectError } from '../select-error.js'
import type { AggregateName } from '../sql/ast.js'
import { isAbsent, parseNumber, toNumberImplicit, toText, type Value } from './values.js'

/** One aggregate's running state over the rows that pass WHERE. */
export interface Accumulator {
  add(v: Value): void
  result(): Value
}

function numberFor(name: AggregateName, v: Value): number {
  const n = toNumberImplicit(v)
  if (n === undefined) {
    throw selectError('InvalidDataType', `${name} needs numbers; found ${JSON.stringify(toText(v))}.`)
  }
  return n
}

/** Ranks for MIN/MAX: numbers (and numeric strings) below other values, which order as text. */
function rank(v: Value): [number, number | string] {
  if (typeof v === 'number') return [0, v]
  if (typeof v === 'string') {
    const n = parseNumber(v)
    if (n !== undefined) return [0, n]
  }
  if (v instanceof Date) return [1, v.getTime()]
  return [2, toText(v)]
}

function less(a: Value, b: Value): boolean {
  const [ra, xa] = rank(a)
  const [rb, xb] = rank(b)
  return ra !== rb ? ra < rb : xa < xb
}

/** A fresh accumulator for `name`; COUNT(*) is given every row (as `true`). */
export function createAccumulator(name: AggregateName): Accumulator {
  let count = 0
  let sum = 0
  let best: Value
  switch (name) {
    case 'COUNT':
      return { add: (v) => void (isAbsent(v) ? 0 : count++), result: () => count }
    case 'SUM':
    case 'AVG':
      return {
        add: (v) => {
          // An empty CSV field is no value, as for CAST.
          if (isAbsent(v) || (typeof v === 'string' && v.trim() === '')) return
          sum += numberFor(name, v)
          count++
        },
        result: () => (count === 0 ? null : name === 'SUM' ? sum : sum / count),
      }
    case 'MIN':
    case 'MAX':
      return {
        add: (v) => {
          if (isAbsent(v) || (typeof v === 'string' && v.trim() === '')) return
          const value = typeof v === 'string' ? (parseNumber(v) ?? v) : v
          if (best === undefined || (name === 'MIN' ? less(value, best) : less(best, value))) best = value
        },
        result: () => best ?? null,
      }
  }
}
