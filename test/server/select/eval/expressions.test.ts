import { describe, expect, it } from 'vitest'
import { csvRequest, errorCode, jsonRequest, runSelect, selectJson } from '../engine-helpers.js'

const PEOPLE = [
  'name,age,city,score',
  'Ann,31,Paris,7.5',
  'bob,25,Oslo,',
  'Cid,40,Rome,3',
  'Dee,,Oslo,10',
].join('\n')
const ROWS = PEOPLE.split('\n')
  .slice(1)
  .map((line) => line.split(','))

/** The names of the rows `sql`'s WHERE selects, with a header row. */
async function names(where: string): Promise<string[]> {
  const out = await selectJson(
    csvRequest(`SELECT s.name FROM S3Object s WHERE ${where}`, { fileHeaderInfo: 'USE' }),
    PEOPLE,
  )
  return out.map((r) => (r as { name: string }).name)
}

/** The value of one expression over the first row (Ann). */
async function value(expr: string): Promise<unknown> {
  const out = await selectJson(
    csvRequest(`SELECT ${expr} AS v FROM S3Object s LIMIT 1`, { fileHeaderInfo: 'USE' }),
    PEOPLE,
  )
  return (out[0] as { v?: unknown }).v
}

describe('WHERE', () => {
  const cases: [string, (r: string[]) => boolean][] = [
    ["s.city = 'Oslo'", (r) => r[2] === 'Oslo'],
    ["s.city <> 'Oslo'", (r) => r[2] !== 'Oslo'],
    ["s.city != 'Oslo'", (r) => r[2] !== 'Oslo'],
    // A CSV string against a number is compared as a number; an empty field compares to nothing.
    ['s.age > 30', (r) => r[1] !== '' && Number(r[1]) > 30],
    ['s.age >= 31', (r) => r[1] !== '' && Number(r[1]) >= 31],
    ['s.age < 31', (r) => r[1] !== '' && Number(r[1]) < 31],
    ['s.age <= 25', (r) => r[1] !== '' && Number(r[1]) <= 25],
    ['CAST(s.age AS INT) BETWEEN 25 AND 31', (r) => r[1] !== '' && Number(r[1]) >= 25 && Number(r[1]) <= 31],
    ['s.age NOT BETWEEN 25 AND 31', (r) => r[1] !== '' && !(Number(r[1]) >= 25 && Number(r[1]) <= 31)],
    ["s.city IN ('Rome', 'Paris')", (r) => ['Rome', 'Paris'].includes(r[2]!)],
    ["s.city NOT IN ('Rome', 'Paris')", (r) => !['Rome', 'Paris'].includes(r[2]!)],
    ["s.name LIKE '%e%'", (r) => r[0]!.includes('e')],
    ["s.name LIKE '_o_'", (r) => /^.o.$/.test(r[0]!)],
    ["s.name NOT LIKE 'A%'", (r) => !r[0]!.startsWith('A')],
    ["LOWER(s.name) LIKE 'b%'", (r) => r[0]!.toLowerCase().startsWith('b')],
    ["s.age > 30 AND s.city = 'Rome'", (r) => Number(r[1]) > 30 && r[2] === 'Rome'],
    ["s.age > 35 OR s.city = 'Paris'", (r) => (r[1] !== '' && Number(r[1]) > 35) || r[2] === 'Paris'],
    ["NOT s.city = 'Oslo'", (r) => r[2] !== 'Oslo'],
    ["s.age = ''", (r) => r[1] === ''],
    ['s.score + 1 > 8', (r) => r[3] !== '' && Number(r[3]) + 1 > 8],
    ['s.age * 2 - 10 = 52', (r) => r[1] !== '' && Number(r[1]) * 2 - 10 === 52],
    ['s.age / 5 = 5', (r) => r[1] !== '' && Number(r[1]) / 5 === 5],
    ['s.age % 2 = 0', (r) => r[1] !== '' && Number(r[1]) % 2 === 0],
    ['-s.age < -30', (r) => r[1] !== '' && -Number(r[1]) < -30],
    ["s.name || '-' || s.city = 'Ann-Paris'", (r) => `${r[0]}-${r[2]}` === 'Ann-Paris'],
    ['s._9 IS NULL', () => true],
    ['s._9 IS MISSING', () => true],
    ['s.name IS NOT NULL', () => true],
    ['TRUE', () => true],
    ['FALSE OR NULL', () => false],
    ["CHAR_LENGTH(s.name) = 3 AND UPPER(s.name) = 'BOB'", (r) => r[0] === 'bob'],
  ]
  it.each(cases)('%s', async (where, filter) => {
    expect(await names(where)).toEqual(ROWS.filter(filter).map((r) => r[0]))
  })

  it('a short row lacks its last columns: they are MISSING', async () => {
    const data = 'a,b,c\n1,2,3\n4\n'
    const out = await selectJson(
      csvRequest('SELECT s.a, s.c FROM S3Object s WHERE s.b IS MISSING', { fileHeaderInfo: 'USE' }),
      data,
    )
    expect(out).toEqual([{ a: '4' }])
  })
})

describe('scalar expressions', () => {
  const cases: [string, unknown][] = [
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['7 / 2', 3.5],
    ['7 % 3', 1],
    ['1 / 0', null],
    ["'a' || 'b' || 1", 'ab1'],
    ['CAST(s.age AS INT) + 1', 32],
    ["CAST('12.9' AS INT)", 12],
    ["CAST('-12.9' AS INTEGER)", -12],
    ['CAST(s.score AS FLOAT) * 2', 15],
    ["CAST('2.50' AS DECIMAL)", 2.5],
    ['CAST(31 AS STRING)', '31'],
    ["CAST('TRUE' AS BOOL)", true],
    ["CAST('false' AS BOOLEAN)", false],
    ["CAST('2024-03-01T10:00:00Z' AS TIMESTAMP)", '2024-03-01T10:00:00.000Z'],
    ["CAST('' AS INT)", null],
    ['CAST(NULL AS INT)', null],
    ["LOWER('MiXed')", 'mixed'],
    ["UPPER('MiXed')", 'MIXED'],
    ["CHARACTER_LENGTH('héllo')", 5],
    ["TRIM('  x  ')", 'x'],
    ["TRIM(LEADING FROM '  x  ')", 'x  '],
    ["TRIM(TRAILING FROM '  x  ')", '  x'],
    ["TRIM(BOTH 'xy' FROM 'xyaxy')", 'a'],
    ["TRIM('-' FROM '--a--')", 'a'],
    ["SUBSTRING('abcdef', 2, 3)", 'bcd'],
    ["SUBSTRING('abcdef' FROM 3)", 'cdef'],
    ["SUBSTRING('abcdef' FROM 0 FOR 3)", 'ab'],
    ["COALESCE(NULL, s._9, 'z')", 'z'],
    ['NULLIF(s.name, s.name)', null],
    ["NULLIF(s.name, 'x')", 'Ann'],
    ['s.age > 30', true],
    ['s.age IS NULL', false],
    ["'a' LIKE 'a!%' ESCAPE '!'", false],
    ["'a%' LIKE 'a!%' ESCAPE '!'", true],
    ["'a.c' LIKE 'a.c'", true],
    ["'abc' LIKE 'a.c'", false],
    ['NULL = NULL', null],
    ['3 IN (1, NULL)', null],
    ['NOT NULL', null],
  ]
  it.each(cases)('%s', async (expr, expected) => {
    expect(await value(expr)).toEqual(expected)
  })

  it('a failing CAST is CastFailed', async () => {
    expect(await errorCode(() => value('CAST(s.name AS INT)'))).toBe('CastFailed')
    expect(await errorCode(() => value("CAST('maybe' AS BOOL)"))).toBe('CastFailed')
    expect(await errorCode(() => value("CAST('not a date' AS TIMESTAMP)"))).toBe('CastFailed')
  })

  it('a LIKE pattern computed per row is checked when it is used', async () => {
    expect(await errorCode(() => value("'a' LIKE s.name ESCAPE 'A'"))).toBe(
      'EvaluatorLikePatternInvalidEscapeSequence',
    )
  })

  it('a negative SUBSTRING length is IllegalSqlFunctionArgument', async () => {
    expect(await errorCode(() => value("SUBSTRING('abc', 1, -1)"))).toBe('IllegalSqlFunctionArgument')
  })
})

describe('aggregates', () => {
  it('COUNT, SUM, AVG, MIN, MAX over the rows WHERE keeps, as one record', async () => {
    const sql =
      "SELECT COUNT(*), COUNT(s.age), SUM(s.age), AVG(s.age), MIN(s.age), MAX(s.score), MIN(s.name), MAX(s.city) FROM S3Object s WHERE s.city <> 'Rome'"
    const kept = ROWS.filter((r) => r[2] !== 'Rome')
    const ages = kept
      .map((r) => r[1]!)
      .filter((a) => a !== '')
      .map(Number)
    const scores = kept
      .map((r) => r[3]!)
      .filter((a) => a !== '')
      .map(Number)
    const out = await selectJson(csvRequest(sql, { fileHeaderInfo: 'USE' }), PEOPLE)
    expect(out).toEqual([
      {
        _1: kept.length,
        // COUNT(x) counts values that are not NULL: an empty CSV field is an empty string.
        _2: kept.length,
        _3: ages.reduce((a, b) => a + b, 0),
        _4: ages.reduce((a, b) => a + b, 0) / ages.length,
        _5: Math.min(...ages),
        _6: Math.max(...scores),
        _7: [...kept.map((r) => r[0]!)].sort()[0],
        _8: [...kept.map((r) => r[2]!)].sort().at(-1),
      },
    ])
  })

  it('aliases name aggregate columns, and expressions over aggregates work', async () => {
    const out = await selectJson(
      csvRequest('SELECT COUNT(*) AS n, SUM(_2) / COUNT(_2) AS mean FROM S3Object', {}),
      '1,2\n3,4\n',
    )
    expect(out).toEqual([{ n: 2, mean: 3 }])
  })

  it('over no rows: COUNT is 0, the others NULL', async () => {
    const { text } = await runSelect(
      csvRequest('SELECT COUNT(*), SUM(_1), MAX(_1) FROM S3Object', {}, undefined),
      '',
    )
    expect(JSON.parse(text)).toEqual({ _1: 0, _2: null, _3: null })
  })

  it('SUM over a non-number is InvalidDataType', async () => {
    expect(await errorCode(() => selectJson(csvRequest('SELECT SUM(_1) FROM S3Object'), '1\nx\n'))).toBe(
      'InvalidDataType',
    )
  })

  it('LIMIT applies to the output record, not to the rows aggregated', async () => {
    expect(await selectJson(csvRequest('SELECT COUNT(*) FROM S3Object LIMIT 1'), '1\n2\n3\n')).toEqual([
      { _1: 3 },
    ])
    expect(await selectJson(csvRequest('SELECT COUNT(*) FROM S3Object LIMIT 0'), '1\n2\n3\n')).toEqual([])
  })
})

describe('LIMIT and SELECT', () => {
  it('LIMIT n stops after n records', async () => {
    const data = Array.from({ length: 100 }, (_, i) => `${i}`).join('\n')
    const out = await selectJson(csvRequest('SELECT _1 FROM S3Object WHERE _1 > 10 LIMIT 3'), data)
    expect(out).toEqual([{ _1: '11' }, { _1: '12' }, { _1: '13' }])
    expect(await selectJson(csvRequest('SELECT _1 FROM S3Object LIMIT 0'), data)).toEqual([])
  })

  it('output keys: alias, the last name of a path, else _N by position', async () => {
    const out = await selectJson(
      jsonRequest('SELECT s.a.b, s.c AS x, 1 + 1, s.arr[1] FROM S3Object s'),
      '{"a":{"b":1},"c":2,"arr":[5,6]}\n',
    )
    expect(out).toEqual([{ b: 1, x: 2, _3: 2, _4: 6 }])
  })

  it('column names are case-insensitive unless double-quoted; ambiguous names are AmbiguousFieldName', async () => {
    const data = 'Name,name2\nAnn,x\n'
    expect(
      await selectJson(csvRequest('SELECT s.NAME FROM S3Object s', { fileHeaderInfo: 'USE' }), data),
    ).toEqual([{ NAME: 'Ann' }])
    expect(
      await errorCode(() =>
        selectJson(csvRequest('SELECT s."NAME" FROM S3Object s', { fileHeaderInfo: 'USE' }), data),
      ),
    ).toBe('EvaluatorBindingDoesNotExist')
    expect(
      await errorCode(() =>
        selectJson(csvRequest('SELECT s.a FROM S3Object s', { fileHeaderInfo: 'USE' }), 'A,a\n1,2\n'),
      ),
    ).toBe('AmbiguousFieldName')
    expect(
      await selectJson(csvRequest('SELECT s."a" FROM S3Object s', { fileHeaderInfo: 'USE' }), 'A,a\n1,2\n'),
    ).toEqual([{ a: '2' }])
  })

  it('a quoted header name with spaces', async () => {
    const out = await selectJson(
      csvRequest('SELECT s."Full Name" FROM S3Object s', { fileHeaderInfo: 'USE' }),
      'Full Name,x\nAnn Lee,1\n',
    )
    expect(out).toEqual([{ 'Full Name': 'Ann Lee' }])
  })
})

describe('timestamps', () => {
  const cases: [string, string | null][] = [
    ["CAST('2007T' AS TIMESTAMP)", '2007-01-01T00:00:00.000Z'],
    ["CAST('2007-02-23' AS TIMESTAMP)", '2007-02-23T00:00:00.000Z'],
    ["CAST('2007-02-23T12:14Z' AS TIMESTAMP)", '2007-02-23T12:14:00.000Z'],
    ["CAST('2007-02-23T12:14:33.079-08:00' AS TIMESTAMP)", '2007-02-23T20:14:33.079Z'],
  ]
  it.each(cases)('%s', async (expr, expected) => {
    expect(await value(expr)).toBe(expected)
  })

  it('only ISO 8601 is a timestamp', async () => {
    for (const text of ['March 7 2020', '2020-02-30', '2020-13-01', '07/03/2020']) {
      expect(await errorCode(() => value(`CAST('${text}' AS TIMESTAMP)`)), text).toBe('CastFailed')
    }
  })

  it('a string compares with a timestamp as a timestamp', async () => {
    expect(await value("CAST('2020-01-02T00:00:00Z' AS TIMESTAMP) > '2020-01-01'")).toBe(true)
    expect(await value("CAST('2020-01-02T00:00:00Z' AS TIMESTAMP) = 'yesterday'")).toBe(null)
  })
})
