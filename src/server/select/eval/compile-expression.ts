import { MAX_RECORD_SIZE } from '../limits.js'
import { selectError } from '../select-error.js'
import type { AggregateName, Expr, PathStep } from '../sql/ast.js'
import { type Accumulator, createAccumulator } from './aggregates.js'
import { castValue } from './cast.js'
import { FUNCTIONS } from './functions.js'
import { compileLike } from './like.js'
import { compareValues, isAbsent, toNumberImplicit, toText, type Value } from './values.js'

/** An expression compiled to a function of one input record. */
export type Evaluate<R> = (row: R) => Value

/** Turns a column reference (alias and `S3Object` already stripped) into an accessor. */
export type Bind<R> = (steps: PathStep[], where: string) => Evaluate<R>

/** An aggregate found while compiling a SELECT list: feed it rows with `add(arg(row))`. */
export interface AggregateSlot<R> {
  name: AggregateName
  /** The argument's evaluator; COUNT(*) counts every row. */
  arg: Evaluate<R>
  accumulator: Accumulator
}

/** Three-valued truth: true, false, or null (unknown) for anything else. */
function truth(v: Value): boolean | null {
  return v === true ? true : v === false ? false : null
}

function arithmetic(op: string, a: Value, b: Value): Value {
  const x = toNumberImplicit(a)
  const y = toNumberImplicit(b)
  if (x === undefined || y === undefined) return null
  switch (op) {
    case '+':
      return x + y
    case '-':
      return x - y
    case '*':
      return x * y
    case '/':
      return y === 0 ? null : x / y
    default:
      return y === 0 ? null : x % y
  }
}

function comparison(op: string, cmp: number | null): Value {
  if (cmp === null) return null
  switch (op) {
    case '=':
      return cmp === 0
    case '!=':
      return cmp !== 0
    case '<':
      return cmp < 0
    case '<=':
      return cmp <= 0
    case '>':
      return cmp > 0
    default:
      return cmp >= 0
  }
}

/**
 * Compiles `expr` to a closure. With `aggregates`, each aggregate call gets a slot there and
 * evaluates to its accumulator's result (the SELECT list of an aggregate query); without, an
 * aggregate is refused (checkQuery reports it first with a better message).
 */
export function compileExpression<R>(
  expr: Expr,
  bind: Bind<R>,
  aggregates?: AggregateSlot<R>[],
): Evaluate<R> {
  const sub = (e: Expr) => compileExpression(e, bind, aggregates)
  switch (expr.kind) {
    case 'literal': {
      const value = expr.value
      return () => value
    }
    case 'path':
      return bind(expr.steps, expr.where)
    case 'unary': {
      const operand = sub(expr.operand)
      if (expr.op === 'NOT') {
        return (row) => {
          const t = truth(operand(row))
          return t === null ? null : !t
        }
      }
      const sign = expr.op === '-' ? -1 : 1
      return (row) => {
        const n = toNumberImplicit(operand(row))
        return n === undefined ? null : sign * n
      }
    }
    case 'binary':
      return compileBinary(expr.op, sub(expr.left), sub(expr.right))
    case 'like':
      return compileLikeExpression(expr, sub)
    case 'between': {
      const [value, low, high] = [sub(expr.value), sub(expr.low), sub(expr.high)]
      return (row) => {
        const v = value(row)
        const a = compareValues(low(row), v)
        const b = compareValues(v, high(row))
        if (a === null || b === null) return null
        return (a <= 0 && b <= 0) !== expr.negated
      }
    }
    case 'in': {
      const value = sub(expr.value)
      const list = expr.list.map(sub)
      return (row) => {
        const v = value(row)
        let unknown = false
        for (const item of list) {
          const cmp = compareValues(v, item(row))
          if (cmp === 0) return !expr.negated
          if (cmp === null) unknown = true
        }
        return unknown ? null : expr.negated
      }
    }
    case 'is': {
      const value = sub(expr.value)
      // MISSING is also NULL (PartiQL): IS NULL holds for both, IS MISSING only for an absent value.
      const test = expr.test === 'NULL' ? isAbsent : (v: Value) => v === undefined
      return (row) => test(value(row)) !== expr.negated
    }
    case 'cast': {
      const value = sub(expr.value)
      return (row) => castValue(value(row), expr.type)
    }
    case 'call': {
      const fn = FUNCTIONS[expr.name]!
      const args = expr.args.map(sub)
      return (row) => fn.call(args.map((a) => a(row)))
    }
    case 'aggregate': {
      if (!aggregates) {
        throw selectError(
          'UnsupportedSqlOperation',
          `${expr.name} is an aggregate; it is allowed only in the SELECT list.`,
        )
      }
      const slot: AggregateSlot<R> = {
        name: expr.name,
        arg: expr.arg === '*' ? () => true : compileExpression(expr.arg, bind),
        accumulator: createAccumulator(expr.name),
      }
      aggregates.push(slot)
      return () => slot.accumulator.result()
    }
  }
}

function compileBinary<R>(op: string, left: Evaluate<R>, right: Evaluate<R>): Evaluate<R> {
  switch (op) {
    case 'AND':
      return (row) => {
        const a = truth(left(row))
        if (a === false) return false
        const b = truth(right(row))
        return b === false ? false : a === null || b === null ? null : true
      }
    case 'OR':
      return (row) => {
        const a = truth(left(row))
        if (a === true) return true
        const b = truth(right(row))
        return b === true ? true : a === null || b === null ? null : false
      }
    case '||':
      return (row) => {
        const a = left(row)
        const b = right(row)
        if (isAbsent(a) || isAbsent(b)) return null
        const joined = toText(a) + toText(b)
        // Repeated || would otherwise grow one value without bound (`_1||_1||...`).
        if (joined.length > MAX_RECORD_SIZE) {
          throw selectError(
            'OverMaxRecordSize',
            `A value made by || is longer than ${MAX_RECORD_SIZE} characters.`,
          )
        }
        return joined
      }
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
      return (row) => arithmetic(op, left(row), right(row))
    default:
      return (row) => comparison(op, compareValues(left(row), right(row)))
  }
}

function compileLikeExpression<R>(
  expr: Extract<Expr, { kind: 'like' }>,
  sub: (e: Expr) => Evaluate<R>,
): Evaluate<R> {
  const value = sub(expr.value)
  const pattern = sub(expr.pattern)
  const escapeOf = expr.escape ? sub(expr.escape) : () => undefined
  let cachedKey: string | undefined
  let cached: ((text: string) => boolean) | undefined
  return (row) => {
    const v = value(row)
    const p = pattern(row)
    const e = escapeOf(row)
    if (isAbsent(v) || isAbsent(p) || e === null) return null
    const patternText = toText(p)
    const escapeText = e === undefined ? undefined : toText(e)
    const key = `${escapeText ?? ''}\u0000${patternText}`
    if (key !== cachedKey) {
      cached = compileLike(patternText, escapeText)
      cachedKey = key
    }
    return cached!(toText(v)) !== expr.negated
  }
}
