import { selectError } from '../select-error.js'
import type { AggregateName, BinaryOp, CastType, Expr, PathStep, Query, SelectItem } from './ast.js'
import { type Token, tokenize } from './tokens.js'

/** S3 Select's limit on the SQL expression (256 KiB). */
export const MAX_EXPRESSION_LENGTH = 256 * 1024

const RESERVED = new Set(
  'SELECT FROM WHERE LIMIT AS AND OR NOT LIKE ESCAPE BETWEEN IN IS NULL MISSING TRUE FALSE CAST'.split(' '),
)
const AGGREGATES = new Set<string>(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX'])
const CAST_TYPES: Record<string, CastType> = {
  INT: 'INT',
  INTEGER: 'INT',
  FLOAT: 'FLOAT',
  REAL: 'FLOAT',
  DOUBLE: 'FLOAT',
  DECIMAL: 'DECIMAL',
  NUMERIC: 'DECIMAL',
  STRING: 'STRING',
  VARCHAR: 'STRING',
  CHAR: 'STRING',
  BOOL: 'BOOL',
  BOOLEAN: 'BOOL',
  TIMESTAMP: 'TIMESTAMP',
}
const KEYWORD_LITERALS: Record<string, boolean | null | undefined> = {
  TRUE: true,
  FALSE: false,
  NULL: null,
  MISSING: undefined,
}
const COMPARISONS = new Set(['=', '!=', '<>', '<', '<=', '>', '>='])

/**
 * Parses an S3 Select query: a recursive-descent parser, one method per precedence level
 * (OR < AND < NOT < predicates < + - || < * / % < unary < primary). Errors name the token and
 * its line and column.
 */
export function parseQuery(sql: string): Query {
  if (sql.length > MAX_EXPRESSION_LENGTH) {
    throw selectError(
      'ExpressionTooLong',
      `The SQL expression is ${sql.length} characters; the limit is 256 KiB.`,
    )
  }
  return new Parser(tokenize(sql)).query()
}

/** How deep parentheses, NOT and unary signs may nest: far beyond real queries, well within the stack. */
const MAX_NESTING = 200

class Parser {
  private i = 0
  private depth = 0
  constructor(private readonly tokens: Token[]) {}

  query(): Query {
    this.expectKeyword('SELECT')
    const select = this.selectList()
    if (!this.isKeyword('FROM')) {
      throw selectError(
        'ParseSelectMissingFrom',
        `Expected FROM after the SELECT list, found ${this.describe()}.`,
      )
    }
    this.next()
    const query: Query = { select, from: this.fromSource() }
    const alias = this.alias()
    if (alias !== undefined) query.alias = alias
    if (this.acceptKeyword('WHERE')) query.where = this.expression()
    if (this.acceptKeyword('LIMIT')) query.limit = this.limit()
    if (this.peek().kind !== 'end') throw this.unexpected()
    return query
  }

  private selectList(): '*' | SelectItem[] {
    if (this.isOp('*')) {
      this.next()
      if (this.isOp(',')) {
        throw selectError(
          'ParseAsteriskIsNotAloneInSelectList',
          `Other expressions are not allowed in the SELECT list with * (${this.describe()}).`,
        )
      }
      return '*'
    }
    const items: SelectItem[] = []
    do {
      if (this.isOp('*')) {
        throw selectError(
          'ParseAsteriskIsNotAloneInSelectList',
          `* must be alone in the SELECT list (${this.describe()}).`,
        )
      }
      const expr = this.expression()
      const alias = this.alias()
      items.push(alias === undefined ? { expr } : { expr, alias })
    } while (this.acceptOp(','))
    return items
  }

  private fromSource(): PathStep[] {
    const source = this.peek()
    if (source.kind !== 'ident' || source.text.toUpperCase() !== 'S3OBJECT') {
      throw selectError(
        'ParseUnexpectedToken',
        `Expected S3Object after FROM, found ${this.describe()}; S3 Select queries one object.`,
      )
    }
    this.next()
    return this.pathSteps()
  }

  private alias(): string | undefined {
    const hasAs = this.acceptKeyword('AS')
    const token = this.peek()
    if (token.kind === 'quoted' || (token.kind === 'ident' && !RESERVED.has(token.text.toUpperCase()))) {
      this.next()
      return token.text
    }
    if (hasAs)
      throw selectError('ParseExpectedTokenType', `Expected an alias after AS, found ${this.describe()}.`)
    return undefined
  }

  private limit(): number {
    const negative = this.acceptOp('-')
    const token = this.peek()
    if (token.kind !== 'number' || !/^\d+$/.test(token.text)) {
      throw selectError('ParseUnexpectedToken', `LIMIT expects a whole number, found ${this.describe()}.`)
    }
    this.next()
    if (negative) throw selectError('EvaluatorNegativeLimit', `LIMIT -${token.text} is negative.`)
    return Number(token.text)
  }

  expression(): Expr {
    return this.nested(() => this.or())
  }

  /** Runs a nested parse, refusing nesting deeper than MAX_NESTING (it would exhaust the stack). */
  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_NESTING) {
      throw selectError(
        'UnsupportedSqlStructure',
        `The expression nests deeper than ${MAX_NESTING} levels at ${this.where()}.`,
      )
    }
    try {
      return parse()
    } finally {
      this.depth--
    }
  }

  private or(): Expr {
    let left = this.and()
    while (this.isKeyword('OR')) {
      const where = this.where()
      this.next()
      left = { kind: 'binary', op: 'OR', left, right: this.and(), where }
    }
    return left
  }

  private and(): Expr {
    let left = this.not()
    while (this.isKeyword('AND')) {
      const where = this.where()
      this.next()
      left = { kind: 'binary', op: 'AND', left, right: this.not(), where }
    }
    return left
  }

  private not(): Expr {
    if (this.isKeyword('NOT')) {
      const where = this.where()
      this.next()
      return { kind: 'unary', op: 'NOT', operand: this.nested(() => this.not()), where }
    }
    return this.predicate()
  }

  private predicate(): Expr {
    const value = this.additive()
    const where = this.where()
    const token = this.peek()
    if (token.kind === 'op' && COMPARISONS.has(token.text)) {
      this.next()
      const op = (token.text === '<>' ? '!=' : token.text) as BinaryOp
      return { kind: 'binary', op, left: value, right: this.additive(), where }
    }
    if (this.acceptKeyword('IS')) {
      const negated = this.acceptKeyword('NOT')
      if (this.acceptKeyword('NULL')) return { kind: 'is', value, test: 'NULL', negated, where }
      if (this.acceptKeyword('MISSING')) return { kind: 'is', value, test: 'MISSING', negated, where }
      throw selectError(
        'ParseExpectedTokenType',
        `Expected NULL or MISSING after IS, found ${this.describe()}.`,
      )
    }
    const negated = this.acceptKeyword('NOT')
    if (this.acceptKeyword('LIKE')) {
      const pattern = this.additive()
      const like: Expr = { kind: 'like', value, pattern, negated, where }
      if (this.acceptKeyword('ESCAPE')) like.escape = this.additive()
      return like
    }
    if (this.acceptKeyword('BETWEEN')) {
      const low = this.additive()
      this.expectKeyword('AND')
      return { kind: 'between', value, low, high: this.additive(), negated, where }
    }
    if (this.acceptKeyword('IN')) {
      this.expectOp('(')
      const list = [this.expression()]
      while (this.acceptOp(',')) list.push(this.expression())
      this.expectOp(')')
      return { kind: 'in', value, list, negated, where }
    }
    if (negated)
      throw selectError(
        'ParseExpectedTokenType',
        `Expected LIKE, BETWEEN or IN after NOT, found ${this.describe()}.`,
      )
    return value
  }

  private additive(): Expr {
    let left = this.multiplicative()
    for (;;) {
      const token = this.peek()
      if (token.kind !== 'op' || !['+', '-', '||'].includes(token.text)) return left
      const where = this.where()
      this.next()
      left = { kind: 'binary', op: token.text as BinaryOp, left, right: this.multiplicative(), where }
    }
  }

  private multiplicative(): Expr {
    let left = this.unary()
    for (;;) {
      const token = this.peek()
      if (token.kind !== 'op' || !['*', '/', '%'].includes(token.text)) return left
      const where = this.where()
      this.next()
      left = { kind: 'binary', op: token.text as BinaryOp, left, right: this.unary(), where }
    }
  }

  private unary(): Expr {
    if (this.isOp('-') || this.isOp('+')) {
      const where = this.where()
      const op = this.next().text as '-' | '+'
      const operand = this.nested(() => this.unary())
      if (operand.kind === 'literal' && typeof operand.value === 'number') {
        return { kind: 'literal', value: op === '-' ? -operand.value : operand.value, where }
      }
      return { kind: 'unary', op, operand, where }
    }
    return this.primary()
  }

  private primary(): Expr {
    const token = this.peek()
    const where = this.where()
    if (token.kind === 'number') {
      this.next()
      return { kind: 'literal', value: Number(token.text), where }
    }
    if (token.kind === 'string') {
      this.next()
      return { kind: 'literal', value: token.text, where }
    }
    if (this.acceptOp('(')) {
      const inner = this.expression()
      this.expectOp(')')
      return inner
    }
    if (token.kind === 'quoted') return this.path()
    if (token.kind !== 'ident') throw this.expected('an expression')
    const word = token.text.toUpperCase()
    if (Object.hasOwn(KEYWORD_LITERALS, word)) {
      this.next()
      return { kind: 'literal', value: KEYWORD_LITERALS[word], where }
    }
    if (RESERVED.has(word) && word !== 'CAST') throw this.expected('an expression')
    if (this.tokens[this.i + 1]?.kind === 'op' && this.tokens[this.i + 1]?.text === '(')
      return this.call(word, where)
    return this.path()
  }

  private call(name: string, where: string): Expr {
    this.next()
    this.expectOp('(')
    if (name === 'CAST') {
      const value = this.expression()
      this.expectKeyword('AS')
      const typeToken = this.peek()
      const type = typeToken.kind === 'ident' ? CAST_TYPES[typeToken.text.toUpperCase()] : undefined
      if (!type) throw selectError('ParseInvalidTypeParam', `CAST to an unknown type: ${this.describe()}.`)
      this.next()
      this.expectOp(')')
      return { kind: 'cast', value, type, where }
    }
    if (AGGREGATES.has(name)) {
      const arg = name === 'COUNT' && this.acceptOp('*') ? '*' : this.expression()
      this.expectOp(')')
      return { kind: 'aggregate', name: name as AggregateName, arg, where }
    }
    const args =
      name === 'TRIM' ? this.trimArgs() : name === 'SUBSTRING' ? this.substringArgs() : this.argList()
    this.expectOp(')')
    return { kind: 'call', name, args, where }
  }

  private argList(): Expr[] {
    if (this.isOp(')')) return []
    const args = [this.expression()]
    while (this.acceptOp(',')) args.push(this.expression())
    return args
  }

  /** `TRIM([LEADING|TRAILING|BOTH] [chars] FROM s)` or `TRIM(s)` → [s, chars or NULL, mode]. */
  private trimArgs(): Expr[] {
    const where = this.where()
    const modeWord = ['LEADING', 'TRAILING', 'BOTH'].find((m) => this.isKeyword(m))
    if (modeWord) this.next()
    const mode: Expr = { kind: 'literal', value: modeWord ?? 'BOTH', where }
    let chars: Expr = { kind: 'literal', value: null, where }
    if (!this.isKeyword('FROM')) {
      const first = this.expression()
      if (!this.isKeyword('FROM')) {
        if (modeWord) throw this.expected('FROM')
        return [first, chars, mode]
      }
      chars = first
    }
    this.expectKeyword('FROM')
    return [this.expression(), chars, mode]
  }

  /** `SUBSTRING(s FROM start [FOR length])` or `SUBSTRING(s, start [, length])`. */
  private substringArgs(): Expr[] {
    const args = [this.expression()]
    if (this.acceptKeyword('FROM')) {
      args.push(this.expression())
      if (this.acceptKeyword('FOR')) args.push(this.expression())
      return args
    }
    while (this.acceptOp(',')) args.push(this.expression())
    return args
  }

  private path(): Expr {
    const where = this.where()
    const first = this.next()
    const steps: PathStep[] = [{ kind: 'name', name: first.text, quoted: first.kind === 'quoted' }]
    steps.push(...this.pathSteps())
    return { kind: 'path', steps, where }
  }

  private pathSteps(): PathStep[] {
    const steps: PathStep[] = []
    for (;;) {
      if (this.acceptOp('.')) {
        const token = this.peek()
        if (token.kind !== 'ident' && token.kind !== 'quoted') throw this.expected('a name after .')
        this.next()
        steps.push({ kind: 'name', name: token.text, quoted: token.kind === 'quoted' })
      } else if (this.acceptOp('[')) {
        const token = this.next()
        if (token.kind === 'op' && token.text === '*') steps.push({ kind: 'wildcard' })
        else if (token.kind === 'number' && /^\d+$/.test(token.text))
          steps.push({ kind: 'index', index: Number(token.text) })
        else if (token.kind === 'string') steps.push({ kind: 'name', name: token.text, quoted: true })
        else {
          this.i--
          throw this.expected('a number, a string or * between [ and ]')
        }
        this.expectOp(']')
      } else {
        return steps
      }
    }
  }

  private peek(): Token {
    return this.tokens[this.i]!
  }

  private next(): Token {
    const token = this.tokens[this.i]!
    if (token.kind !== 'end') this.i++
    return token
  }

  private where(): string {
    const token = this.peek()
    return `line ${token.line}, column ${token.column}`
  }

  private describe(): string {
    const token = this.peek()
    const shown =
      token.kind === 'end'
        ? 'the end of the expression'
        : token.kind === 'string'
          ? `'${token.text}'`
          : token.kind === 'quoted'
            ? `"${token.text}"`
            : `'${token.text}'`
    return `${shown} at ${this.where()}`
  }

  private isKeyword(word: string): boolean {
    const token = this.peek()
    return token.kind === 'ident' && token.text.toUpperCase() === word
  }

  private isOp(op: string): boolean {
    const token = this.peek()
    return token.kind === 'op' && token.text === op
  }

  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false
    this.next()
    return true
  }

  private acceptOp(op: string): boolean {
    if (!this.isOp(op)) return false
    this.next()
    return true
  }

  private expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) throw this.expected(word)
  }

  private expectOp(op: string): void {
    if (!this.acceptOp(op)) throw this.expected(`'${op}'`)
  }

  private expected(what: string) {
    return selectError('ParseUnexpectedToken', `Expected ${what}, found ${this.describe()}.`)
  }

  private unexpected() {
    return selectError('ParseUnexpectedToken', `Unexpected token ${this.describe()}.`)
  }
}
