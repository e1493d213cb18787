import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvRequest, selectJson } from './engine-helpers.js'

/** A cell: numbers (as CSV text), words, empty, and text that needs CSV quoting. */
const cell = fc.oneof(
  fc.integer({ min: -50, max: 50 }).map(String),
  fc.constantFrom('2.5', '-0.5', '10', '007'),
  fc.constantFrom('', 'a', 'ab', 'ba', 'b%', 'x,y', 'say "hi"', 'two\nlines', 'A', 'abc'),
)
const COLUMNS = 3

type V = string | number | null
type Truth = boolean | null

/** A predicate as SQL text and as the test's own three-valued evaluation over a row. */
interface Predicate {
  sql: string
  test(row: string[]): Truth
}

const NUMERIC = /^-?\d+(\.\d+)?$/

/** The test's model of the engine's comparison: strings against numbers compare as numbers. */
function compare(a: V, b: V): number | null {
  if (a === null || b === null) return null
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  const x = typeof a === 'number' ? a : NUMERIC.test(a) ? Number(a) : null
  const y = typeof b === 'number' ? b : NUMERIC.test(b) ? Number(b) : null
  if (x === null || y === null) return null
  return x < y ? -1 : x > y ? 1 : 0
}

/** LIKE by recursion over code points (independent of the engine's regular expressions). */
function like(s: string[], p: string[]): boolean {
  if (p.length === 0) return s.length === 0
  if (p[0] === '%') return like(s, p.slice(1)) || (s.length > 0 && like(s.slice(1), p))
  if (s.length === 0) return false
  return (p[0] === '_' || p[0] === s[0]) && like(s.slice(1), p.slice(1))
}

const column = fc.integer({ min: 1, max: COLUMNS + 1 }).map((n) => ({
  sql: `s._${n}`,
  get: (row: string[]): V => row[n - 1] ?? null,
}))
const literal = fc.oneof(
  fc.integer({ min: -60, max: 60 }).map((n) => ({ sql: String(n), value: n as V })),
  fc.constantFrom('a', 'ab', 'b', '', '10', 'x,y').map((s) => ({ sql: `'${s}'`, value: s as V })),
)
const OPS: Record<string, (c: number) => boolean> = {
  '=': (c) => c === 0,
  '<>': (c) => c !== 0,
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
}

const comparison = fc.tuple(column, fc.constantFrom(...Object.keys(OPS)), fc.oneof(literal, column)).map(
  ([col, op, right]): Predicate => ({
    sql: `${col.sql} ${op} ${right.sql}`,
    test: (row) => {
      const c = compare(col.get(row), 'get' in right ? right.get(row) : right.value)
      return c === null ? null : OPS[op]!(c)
    },
  }),
)

const likePredicate = fc
  .tuple(column, fc.array(fc.constantFrom('a', 'b', '%', '_'), { maxLength: 4 }), fc.boolean())
  .map(
    ([col, pattern, negated]): Predicate => ({
      sql: `${col.sql} ${negated ? 'NOT ' : ''}LIKE '${pattern.join('')}'`,
      test: (row) => {
        const v = col.get(row)
        return v === null ? null : like([...String(v)], pattern) !== negated
      },
    }),
  )

const isNull = fc.tuple(column, fc.boolean()).map(
  ([col, negated]): Predicate => ({
    sql: `${col.sql} IS ${negated ? 'NOT ' : ''}NULL`,
    test: (row) => (col.get(row) === null) !== negated,
  }),
)

const between = fc.tuple(column, fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 30 })).map(
  ([col, low, width]): Predicate => ({
    sql: `${col.sql} BETWEEN ${low} AND ${low + width}`,
    test: (row) => {
      const a = compare(low, col.get(row))
      const b = compare(col.get(row), low + width)
      return a === null || b === null ? null : a <= 0 && b <= 0
    },
  }),
)

const { predicate } = fc.letrec<{ predicate: Predicate }>((tie) => ({
  predicate: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'where' },
    comparison,
    likePredicate,
    isNull,
    between,
    fc.tuple(tie('predicate'), tie('predicate')).map(([a, b]) => ({
      sql: `(${a.sql}) AND (${b.sql})`,
      test: (row: string[]) => {
        const x = a.test(row)
        const y = b.test(row)
        return x === false || y === false ? false : x === null || y === null ? null : true
      },
    })),
    fc.tuple(tie('predicate'), tie('predicate')).map(([a, b]) => ({
      sql: `(${a.sql}) OR (${b.sql})`,
      test: (row: string[]) => {
        const x = a.test(row)
        const y = b.test(row)
        return x === true || y === true ? true : x === null || y === null ? null : false
      },
    })),
    tie('predicate').map((a) => ({
      sql: `NOT (${a.sql})`,
      test: (row: string[]) => {
        const x = a.test(row)
        return x === null ? null : !x
      },
    })),
  ),
}))

function toCsv(rows: string[][]): string {
  const field = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s)
  return rows.map((r) => r.map(field).join(',')).join('\n')
}

describe('WHERE over random rows matches a JS filter', () => {
  it('gives the rows the model keeps, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: COLUMNS, maxLength: COLUMNS }), { maxLength: 25 }),
        predicate,
        async (rows, where) => {
          const request = csvRequest(`SELECT * FROM S3Object s WHERE ${where.sql}`, {
            allowQuotedRecordDelimiter: true,
          })
          const got = await selectJson(request, toCsv(rows), 7)
          const want = rows
            .filter((row) => where.test(row) === true)
            .map((row) => Object.fromEntries(row.map((v, i) => [`_${i + 1}`, v])))
          expect(got).toEqual(want)
        },
      ),
      { numRuns: 200 },
    )
  })
})
