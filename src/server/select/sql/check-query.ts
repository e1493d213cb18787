import { positionOf, stripQualifier } from '../eval/bind-paths.js'
import { FUNCTIONS } from '../eval/functions.js'
import { compileLike } from '../eval/like.js'
import { selectError } from '../select-error.js'
import type { Expr, Query } from './ast.js'

/** What the engine needs to know about the input when checking a query. */
export interface CheckContext {
  csv: boolean
  /** CSV with FileHeaderInfo USE: column names resolve against the header row. */
  header: boolean
}

/** The direct sub-expressions of `expr`. */
function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'literal':
    case 'path':
      return []
    case 'unary':
      return [expr.operand]
    case 'binary':
      return [expr.left, expr.right]
    case 'like':
      return expr.escape ? [expr.value, expr.pattern, expr.escape] : [expr.value, expr.pattern]
    case 'between':
      return [expr.value, expr.low, expr.high]
    case 'in':
      return [expr.value, ...expr.list]
    case 'is':
    case 'cast':
      return [expr.value]
    case 'call':
      return expr.args
    case 'aggregate':
      return expr.arg === '*' ? [] : [expr.arg]
  }
}

/** How deep an expression tree may be: compiling and evaluating it recurse once per level. */
const MAX_DEPTH = 1000

/** Refuses a tree deeper than MAX_DEPTH (a chain like `1+1+1+...` of 100,000 terms), iteratively. */
function checkDepth(root: Expr): void {
  const stack: [Expr, number][] = [[root, 1]]
  while (stack.length > 0) {
    const [expr, depth] = stack.pop()!
    if (depth > MAX_DEPTH) {
      throw selectError(
        'UnsupportedSqlStructure',
        `The expression is nested deeper than ${MAX_DEPTH} levels (${expr.where}).`,
      )
    }
    for (const child of children(expr)) stack.push([child, depth + 1])
  }
}

function contains(expr: Expr, kind: Expr['kind']): boolean {
  return expr.kind === kind || children(expr).some((c) => contains(c, kind))
}

/** Whether `expr` reads a column outside any aggregate. */
function readsColumnOutsideAggregate(expr: Expr): boolean {
  if (expr.kind === 'aggregate') return false
  return expr.kind === 'path' || children(expr).some(readsColumnOutsideAggregate)
}

function checkExpr(expr: Expr, query: Query, context: CheckContext, inAggregate: boolean): void {
  switch (expr.kind) {
    case 'call': {
      const fn = FUNCTIONS[expr.name]
      if (!fn)
        throw selectError(
          'UnsupportedFunction',
          `The function ${expr.name} (${expr.where}) is not supported.`,
        )
      if (expr.args.length < fn.min || expr.args.length > fn.max) {
        throw selectError(
          'EvaluatorInvalidArguments',
          `${expr.name} (${expr.where}) takes ${fn.min === fn.max ? fn.min : `${fn.min} or more`} arguments, not ${expr.args.length}.`,
        )
      }
      break
    }
    case 'aggregate':
      if (inAggregate) {
        throw selectError(
          'UnsupportedSqlOperation',
          `${expr.name} (${expr.where}) is nested in another aggregate.`,
        )
      }
      break
    case 'like':
      if (expr.pattern.kind === 'literal' && typeof expr.pattern.value === 'string') {
        const escapeChar = expr.escape?.kind === 'literal' ? expr.escape.value : undefined
        if (expr.escape === undefined) compileLike(expr.pattern.value, undefined)
        else if (typeof escapeChar === 'string') compileLike(expr.pattern.value, escapeChar)
      }
      break
    case 'path':
      checkPath(expr, query, context)
      break
  }
  for (const child of children(expr))
    checkExpr(child, query, context, inAggregate || expr.kind === 'aggregate')
}

function checkPath(expr: Extract<Expr, { kind: 'path' }>, query: Query, context: CheckContext): void {
  const steps = stripQualifier(expr.steps, query.alias, context.csv)
  if (steps.some((s) => s.kind === 'wildcard')) {
    throw selectError(
      'UnsupportedSqlStructure',
      `[*] is allowed only in FROM, not in a column reference (${expr.where}).`,
    )
  }
  const first = steps[0]
  if (!first) {
    if (context.csv) {
      throw selectError(
        'UnsupportedSqlStructure',
        `A CSV record cannot be selected as one value (${expr.where}).`,
      )
    }
    return
  }
  const position = positionOf(first)
  if (position === 0)
    throw selectError('InvalidColumnIndex', `Column numbers start at _1, not _0 (${expr.where}).`)
  if (context.csv && position === undefined && !context.header && steps.length === 1) {
    throw selectError(
      'EvaluatorBindingDoesNotExist',
      `The column ${first.kind === 'name' ? first.name : ''} (${expr.where}) has no header to name it: use _1, _2, ... or FileHeaderInfo USE.`,
    )
  }
}

/**
 * Checks a parsed query against the input before any byte is read: known functions and their
 * arity, aggregates only in the SELECT list and not mixed with plain columns (as S3), column
 * numbers, LIKE patterns, FROM paths only for JSON. Returns whether it is an aggregate query.
 */
export function checkQuery(query: Query, context: CheckContext): { aggregate: boolean } {
  if (context.csv && query.from.length > 0) {
    throw selectError('UnsupportedSqlStructure', 'A path after S3Object in FROM applies only to JSON input.')
  }
  const roots = [
    ...(query.where ? [query.where] : []),
    ...(query.select === '*' ? [] : query.select.map((i) => i.expr)),
  ]
  for (const root of roots) checkDepth(root)
  if (query.where) {
    if (contains(query.where, 'aggregate')) {
      throw selectError('UnsupportedSqlOperation', 'Aggregate functions are not allowed in WHERE.')
    }
    checkExpr(query.where, query, context, false)
  }
  if (query.select === '*') return { aggregate: false }
  for (const item of query.select) checkExpr(item.expr, query, context, false)
  const aggregate = query.select.some((item) => contains(item.expr, 'aggregate'))
  if (aggregate) {
    const plain = query.select.find((item) => readsColumnOutsideAggregate(item.expr))
    if (plain) {
      throw selectError(
        'UnsupportedSqlStructure',
        `The SELECT list mixes aggregates with a column outside any aggregate (${plain.expr.where}).`,
      )
    }
  }
  return { aggregate }
}
