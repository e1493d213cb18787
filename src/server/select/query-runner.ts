import { stripQualifier } from './eval/bind-paths.js'
import { type AggregateSlot, type Bind, compileExpression, type Evaluate } from './eval/compile-expression.js'
import type { Value } from './eval/values.js'
import type { RecordWriter } from './output/record-writer.js'
import type { Expr, Query } from './sql/ast.js'

/**
 * The output key of a SELECT item without an alias: the last name of a column path, else `_N`
 * by position (also for the bare table alias, which selects the whole record).
 */
function nameOf(expr: Expr, position: number, alias: string | undefined): string {
  if (expr.kind === 'path') {
    const last = expr.steps[expr.steps.length - 1]
    const wholeRecord =
      expr.steps.length === 1 &&
      last?.kind === 'name' &&
      !last.quoted &&
      last.name.toLowerCase() === alias?.toLowerCase()
    if (last?.kind === 'name' && !wholeRecord) return last.name
  }
  return `_${position}`
}

/**
 * Runs a checked query over records of one shape `R` (CSV fields or JSON values): WHERE, the
 * SELECT list or the aggregates, and LIMIT; each output record comes back as its text.
 */
export class QueryRunner<R> {
  private readonly where: Evaluate<R> | undefined
  private readonly items: Evaluate<R>[] = []
  private readonly names: string[] = []
  private readonly slots: AggregateSlot<R>[] = []
  private emitted = 0

  /**
   * `star` writes a record for SELECT *; `csv` tells how to strip qualifiers (CSV values have
   * no members, so `x.col` is always qualifier and column).
   */
  constructor(
    private readonly query: Query,
    private readonly aggregate: boolean,
    bind: Bind<R>,
    private readonly writer: RecordWriter,
    private readonly star: (row: R) => string,
    csv: boolean,
  ) {
    const bound: Bind<R> = (steps, where) => bind(stripQualifier(steps, query.alias, csv), where)
    this.where = query.where ? compileExpression(query.where, bound) : undefined
    if (query.select === '*') return
    query.select.forEach((item, i) => {
      this.items.push(compileExpression(item.expr, bound, aggregate ? this.slots : undefined))
      this.names.push(item.alias ?? nameOf(item.expr, i + 1, query.alias))
    })
  }

  /** Whether LIMIT has been reached (the caller stops reading). */
  get done(): boolean {
    return this.query.limit !== undefined && !this.aggregate && this.emitted >= this.query.limit
  }

  /** The output text for `row`, or undefined when WHERE drops it (or it only feeds aggregates). */
  process(row: R): string | undefined {
    if (this.where && this.where(row) !== true) return undefined
    if (this.aggregate) {
      for (const slot of this.slots) slot.accumulator.add(slot.arg(row))
      return undefined
    }
    this.emitted++
    if (this.query.select === '*') return this.star(row)
    const values: Value[] = this.items.map((item) => item(row))
    return this.writer.row(this.names, values)
  }

  /** The aggregate query's one record (none with LIMIT 0), or undefined for other queries. */
  finish(): string | undefined {
    if (!this.aggregate || this.query.limit === 0) return undefined
    return this.writer.row(
      this.names,
      this.items.map((item) => item(undefined as R)),
    )
  }
}
