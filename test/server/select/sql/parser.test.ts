import { describe, expect, it } from 'vitest'
import { compileSelect } from '../../../../src/server/select/index.js'
import { parseQuery } from '../../../../src/server/select/sql/parser.js'
import { csvRequest, errorCode, jsonRequest } from '../engine-helpers.js'

describe('parseQuery', () => {
  it('parses the SELECT list, aliases, FROM alias, WHERE and LIMIT', () => {
    const q = parseQuery('select s._1 as a, s.name n, 1 + 2 * 3 from S3Object AS s where s._2 > 5 limit 10')
    expect(q.alias).toBe('s')
    expect(q.limit).toBe(10)
    expect(q.select).toHaveLength(3)
    const items = q.select as Exclude<typeof q.select, '*'>
    expect(items.map((i) => i.alias)).toEqual(['a', 'n', undefined])
    // * binds tighter than +: 1 + (2 * 3)
    expect(items[2]!.expr).toMatchObject({ kind: 'binary', op: '+', right: { kind: 'binary', op: '*' } })
    expect(q.where).toMatchObject({ kind: 'binary', op: '>' })
  })

  it('parses JSON paths in FROM and in columns', () => {
    const q = parseQuery(`SELECT s.a.b[2]."Mixed Case" FROM S3Object[*].items[*] s`)
    expect(q.from).toEqual([
      { kind: 'wildcard' },
      { kind: 'name', name: 'items', quoted: false },
      { kind: 'wildcard' },
    ])
    const item = (q.select as Exclude<typeof q.select, '*'>)[0]!
    expect(item.expr).toMatchObject({
      kind: 'path',
      steps: [
        { kind: 'name', name: 's' },
        { kind: 'name', name: 'a' },
        { kind: 'name', name: 'b' },
        { kind: 'index', index: 2 },
        { kind: 'name', name: 'Mixed Case', quoted: true },
      ],
    })
  })

  it('binds AND tighter than OR and NOT tighter than AND', () => {
    const q = parseQuery('SELECT * FROM S3Object WHERE NOT a = 1 AND b = 2 OR c = 3')
    expect(q.where).toMatchObject({
      op: 'OR',
      left: { op: 'AND', left: { kind: 'unary', op: 'NOT' } },
    })
  })

  it('parses nesting up to its limit', () => {
    expect(() => parseQuery(`SELECT ${'('.repeat(150)}1${')'.repeat(150)} FROM S3Object`)).not.toThrow()
  })

  it('names the unexpected token and its position', () => {
    expect(() => parseQuery('SELECT a FROM S3Object WHERE a = = 1')).toThrow(/'=' at line 1, column 34/)
    expect(() => parseQuery('SELECT a,\n  FROM S3Object')).toThrow(/line 2, column 3/)
  })
})

describe('query errors (all raised by compileSelect, before any byte is read)', () => {
  const cases: [string, string][] = [
    ['SELECT a FROM S3Object WHERE a = = 1', 'ParseUnexpectedToken'],
    ['SELECT a FROM S3Object WHERE', 'ParseUnexpectedToken'],
    ['SELECT a FROM table1', 'ParseUnexpectedToken'],
    ['SELECT a FROM S3Object s garbage', 'ParseUnexpectedToken'],
    ['SELECT _1 S3Object', 'ParseSelectMissingFrom'],
    ['SELECT *, _1 FROM S3Object', 'ParseAsteriskIsNotAloneInSelectList'],
    ['SELECT _1, * FROM S3Object', 'ParseAsteriskIsNotAloneInSelectList'],
    ['SELECT CAST(_1 AS BLOB) FROM S3Object', 'ParseInvalidTypeParam'],
    ['SELECT _1 FROM S3Object WHERE _1 IS 5', 'ParseExpectedTokenType'],
    ['SELECT _1 FROM S3Object AS', 'ParseExpectedTokenType'],
    ['SELECT _1 FROM S3Object WHERE _1 ~ 2', 'LexerInvalidChar'],
    ["SELECT _1 FROM S3Object WHERE _1 = 'open", 'LexerInvalidLiteral'],
    ['SELECT _1 FROM S3Object LIMIT -1', 'EvaluatorNegativeLimit'],
    ['SELECT _1 FROM S3Object LIMIT 1.5', 'ParseUnexpectedToken'],
    ['SELECT SOUNDEX(_1) FROM S3Object', 'UnsupportedFunction'],
    ['SELECT LOWER(_1, _2) FROM S3Object', 'EvaluatorInvalidArguments'],
    ['SELECT NULLIF(_1) FROM S3Object', 'EvaluatorInvalidArguments'],
    ['SELECT _1 FROM S3Object WHERE COUNT(*) > 1', 'UnsupportedSqlOperation'],
    ['SELECT SUM(MAX(_1)) FROM S3Object', 'UnsupportedSqlOperation'],
    ['SELECT _1, COUNT(*) FROM S3Object', 'UnsupportedSqlStructure'],
    ['SELECT _0 FROM S3Object', 'InvalidColumnIndex'],
    ['SELECT s._0 FROM S3Object s', 'InvalidColumnIndex'],
    ['SELECT name FROM S3Object', 'EvaluatorBindingDoesNotExist'],
    ['SELECT _1 FROM S3Object[*]', 'UnsupportedSqlStructure'],
    ['SELECT s FROM S3Object s', 'UnsupportedSqlStructure'],
    ["SELECT _1 FROM S3Object WHERE _1 LIKE 'a!' ESCAPE '!'", 'EvaluatorLikePatternInvalidEscapeSequence'],
    ["SELECT _1 FROM S3Object WHERE _1 LIKE 'a' ESCAPE '!!'", 'EvaluatorLikePatternInvalidEscapeSequence'],
    [`SELECT _1 FROM S3Object WHERE _1 = '${'x'.repeat(256 * 1024)}'`, 'ExpressionTooLong'],
    [`SELECT ${'('.repeat(100_000)}1${')'.repeat(100_000)} FROM S3Object`, 'UnsupportedSqlStructure'],
    [`SELECT _1 FROM S3Object WHERE ${'NOT '.repeat(50_000)}TRUE`, 'UnsupportedSqlStructure'],
    [`SELECT ${'-'.repeat(100_000)}1 FROM S3Object`, 'UnsupportedSqlStructure'],
    [`SELECT 1${'+1'.repeat(100_000)} FROM S3Object`, 'UnsupportedSqlStructure'],
    [`SELECT _1 FROM S3Object WHERE _1 = 1${' OR _1 = 1'.repeat(20_000)}`, 'UnsupportedSqlStructure'],
  ]
  const short = (sql: string) => (sql.length > 80 ? `${sql.slice(0, 60)}... (${sql.length} characters)` : sql)
  it.each(cases.map(([sql, code]) => [short(sql), code, sql]))('%s → %s', async (_title, code, sql) => {
    expect(await errorCode(() => compileSelect(csvRequest(sql)))).toBe(code)
  })

  it('refuses [*] in a column reference', async () => {
    expect(await errorCode(() => compileSelect(jsonRequest('SELECT s.a[*] FROM S3Object s')))).toBe(
      'UnsupportedSqlStructure',
    )
  })

  it('accepts names with FileHeaderInfo USE, and qualifiers S3Object and the alias', () => {
    expect(() =>
      compileSelect(
        csvRequest('SELECT name, S3Object.age, t.city FROM S3Object t', { fileHeaderInfo: 'USE' }),
      ),
    ).not.toThrow()
  })
})
