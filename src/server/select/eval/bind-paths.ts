import { selectError } from '../select-error.js'
import type { PathStep } from '../sql/ast.js'
import type { Bind } from './compile-expression.js'
import type { Value } from './values.js'

const POSITIONAL = /^_(\d+)$/

/** The 1-based column number of `_N`, or undefined for another name. */
export function positionOf(step: PathStep): number | undefined {
  if (step.kind !== 'name' || step.quoted) return undefined
  const m = POSITIONAL.exec(step.name)
  return m ? Number(m[1]) : undefined
}

/**
 * Drops the table qualifier from a column reference: the FROM alias or `S3Object` (unquoted, any
 * case). CSV values have no members, so there a two-step `x.col` is always qualifier and column.
 */
export function stripQualifier(steps: PathStep[], alias: string | undefined, csv: boolean): PathStep[] {
  const first = steps[0]
  if (first?.kind !== 'name' || first.quoted) return steps
  const name = first.name.toLowerCase()
  if (name === 's3object' || name === alias?.toLowerCase() || (csv && steps.length === 2))
    return steps.slice(1)
  return steps
}

/** The index of the header name `step` matches: exact when quoted, case-insensitive otherwise. */
function headerIndex(
  header: readonly string[],
  name: string,
  quoted: boolean,
  where: string,
): number | undefined {
  if (quoted) {
    const i = header.indexOf(name)
    return i < 0 ? undefined : i
  }
  const lower = name.toLowerCase()
  const matches = header.flatMap((h, i) => (h.toLowerCase() === lower ? [i] : []))
  if (matches.length > 1) {
    throw selectError(
      'AmbiguousFieldName',
      `The column name ${name} (${where}) matches ${matches.length} header columns.`,
    )
  }
  return matches[0]
}

/**
 * Binds column references over CSV rows: `_N` is the Nth field, a name is looked up in the
 * header row (FileHeaderInfo USE). `header` is undefined without a header row; an empty array
 * when the object ended before one (names then read as MISSING). Rows are string arrays, or
 * any `R` that `read` takes field `index` (0-based) of: MISSING past the row's last field.
 */
export function bindCsv<R = string[]>(
  header: readonly string[] | undefined,
  read: (row: R, index: number) => string | undefined = (row, index) => (row as string[])[index],
): Bind<R> {
  return (steps, where) => {
    const step = steps[0]
    if (steps.length !== 1 || step?.kind !== 'name') return () => undefined
    const position = positionOf(step)
    if (position !== undefined) {
      return (row) => read(row, position - 1)
    }
    if (header === undefined) {
      throw selectError(
        'EvaluatorBindingDoesNotExist',
        `The column ${step.name} (${where}) has no header to name it: use _1, _2, ... or FileHeaderInfo USE.`,
      )
    }
    if (header.length === 0) return () => undefined
    const index = headerIndex(header, step.name, step.quoted, where)
    if (index === undefined) {
      throw selectError(
        'EvaluatorBindingDoesNotExist',
        `The column ${step.name} (${where}) is not in the header row.`,
      )
    }
    return (row) => read(row, index)
  }
}

/** `value`'s member `name`: exact key first, then (unquoted) the one key equal ignoring case. */
export function member(value: unknown, name: string, quoted: boolean, where: string): Value {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const record = value as Record<string, unknown>
  if (Object.hasOwn(record, name)) return record[name] as Value
  if (quoted) return undefined
  const lower = name.toLowerCase()
  let found: string | undefined
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== lower) continue
    if (found !== undefined) {
      throw selectError('AmbiguousFieldName', `The key ${name} (${where}) matches both ${found} and ${key}.`)
    }
    found = key
  }
  return found === undefined ? undefined : (record[found] as Value)
}

/** Follows `steps` (names and indexes) from `value`; MISSING where a step does not exist. */
export function followPath(value: unknown, steps: readonly PathStep[], where: string): Value {
  let v: unknown = value
  for (const step of steps) {
    if (step.kind === 'name') v = member(v, step.name, step.quoted, where)
    else if (step.kind === 'index') v = Array.isArray(v) ? v[step.index] : undefined
    else throw selectError('UnsupportedSqlStructure', `[*] is allowed only in FROM (${where}).`)
    if (v === undefined) return undefined
  }
  return v as Value
}

/** Binds column references over JSON records: paths of keys and indexes. */
export const bindJson: Bind<unknown> = (steps, where) => (row) => followPath(row, steps, where)

/** The records a FROM path (after S3Object) makes of one document: `[*]` iterates an array. */
export function* applyFromPath(
  value: unknown,
  steps: readonly PathStep[],
  where: string,
): Generator<unknown> {
  const wildcard = steps.findIndex((s) => s.kind === 'wildcard')
  if (wildcard < 0) {
    const v = followPath(value, steps, where)
    if (v !== undefined) yield v
    return
  }
  const v = followPath(value, steps.slice(0, wildcard), where)
  if (v === undefined) return
  const rest = steps.slice(wildcard + 1)
  for (const item of Array.isArray(v) ? v : [v]) yield* applyFromPath(item, rest, where)
}
