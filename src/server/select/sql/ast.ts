/** The syntax tree of an S3 Select query. */

/** One step of a path: `.name` (case-insensitive unless written `."Name"`), `[n]`, `['name']` or `[*]`. */
export type PathStep =
  | { kind: 'name'; name: string; quoted: boolean }
  | { kind: 'index'; index: number }
  | { kind: 'wildcard' }

/** The SQL types CAST accepts. */
export type CastType = 'INT' | 'FLOAT' | 'DECIMAL' | 'STRING' | 'BOOL' | 'TIMESTAMP'

/** The aggregate functions. */
export type AggregateName = 'COUNT' | 'SUM' | 'AVG' | 'MIN' | 'MAX'

/** Binary operators, by their SQL spelling (`<>` is stored as `!=`). */
export type BinaryOp =
  | 'AND'
  | 'OR'
  | '='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '||'

/** An expression; `where` is the 1-based line/column of its first token, for error messages. */
export type Expr = { where: string } & (
  | { kind: 'literal'; value: null | undefined | boolean | number | string }
  | { kind: 'path'; steps: PathStep[] }
  | { kind: 'unary'; op: '-' | '+' | 'NOT'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'like'; value: Expr; pattern: Expr; escape?: Expr; negated: boolean }
  | { kind: 'between'; value: Expr; low: Expr; high: Expr; negated: boolean }
  | { kind: 'in'; value: Expr; list: Expr[]; negated: boolean }
  | { kind: 'is'; value: Expr; test: 'NULL' | 'MISSING'; negated: boolean }
  | { kind: 'cast'; value: Expr; type: CastType }
  | { kind: 'call'; name: string; args: Expr[] }
  | { kind: 'aggregate'; name: AggregateName; arg: Expr | '*' }
)

/** One item of the SELECT list. */
export interface SelectItem {
  expr: Expr
  alias?: string
}

/** A parsed query. */
export interface Query {
  select: '*' | SelectItem[]
  /** The path after `S3Object` in FROM (e.g. `[*].Records[*]`), empty for plain `S3Object`. */
  from: PathStep[]
  /** The table alias, if any (`FROM S3Object s`). */
  alias?: string
  where?: Expr
  limit?: number
}
