import { describe, expect, it } from 'vitest'
import { CSV_OUTPUT, errorCode, jsonRequest, runSelect, selectJson } from '../engine-helpers.js'

describe('JSON LINES', () => {
  const lines = [
    { id: 1, user: { name: 'Ann', tags: ['a', 'b'] }, n: 2.5 },
    { id: 2, user: { name: 'Bob', tags: [] }, n: null },
    { id: 3, user: { name: 'Cid' } },
  ]
  const data = lines.map((l) => JSON.stringify(l)).join('\n')

  it('SELECT * gives each document back', async () => {
    expect(await selectJson(jsonRequest('SELECT * FROM S3Object'), data)).toEqual(lines)
  })

  it('nested paths, array indexes, MISSING keys left out', async () => {
    const out = await selectJson(
      jsonRequest('SELECT s.id, s.user.name, s.user.tags[1] AS second FROM S3Object s'),
      data,
    )
    expect(out).toEqual([
      { id: 1, name: 'Ann', second: 'b' },
      { id: 2, name: 'Bob' },
      { id: 3, name: 'Cid' },
    ])
  })

  it('typed comparisons: numbers, NULL, MISSING', async () => {
    const ids = async (where: string) =>
      (await selectJson(jsonRequest(`SELECT s.id FROM S3Object s WHERE ${where}`), data)).map(
        (r) => (r as { id: number }).id,
      )
    expect(await ids('s.n > 1')).toEqual(lines.filter((l) => (l.n ?? 0) > 1).map((l) => l.id))
    expect(await ids('s.n IS NULL')).toEqual([2, 3])
    expect(await ids('s.n IS MISSING')).toEqual([3])
    expect(await ids('s.user.tags IS NOT MISSING AND s.id >= 2')).toEqual([2])
    expect(await ids("s.user.name LIKE '%o%'")).toEqual([2])
  })

  it('keys are case-insensitive unless quoted', async () => {
    expect(await selectJson(jsonRequest('SELECT s.ID FROM S3Object s'), '{"id":1}')).toEqual([{ ID: 1 }])
    expect(await selectJson(jsonRequest('SELECT s."ID" FROM S3Object s'), '{"id":1}')).toEqual([{}])
    expect(
      await errorCode(() => selectJson(jsonRequest('SELECT s.id FROM S3Object s'), '{"Id":1,"iD":2}')),
    ).toBe('AmbiguousFieldName')
  })

  it('blank lines and CRLF are skipped; records cut across chunks parse the same', async () => {
    const crlf = `${lines.map((l) => JSON.stringify(l)).join('\r\n\r\n')}\r\n`
    expect(await selectJson(jsonRequest('SELECT * FROM S3Object'), crlf, 3)).toEqual(lines)
  })

  it('strings with braces, quotes and escapes do not confuse the scanner', async () => {
    const docs = [{ s: '}{"]\\' }, { s: 'é😀', t: '\\"' }]
    const text = docs.map((d) => JSON.stringify(d)).join('\n')
    expect(await selectJson(jsonRequest('SELECT * FROM S3Object'), text, 1)).toEqual(docs)
  })

  it('a broken line is JSONParsingError; a truncated one too', async () => {
    expect(
      await errorCode(() => selectJson(jsonRequest('SELECT * FROM S3Object'), '{"a":1}\n{"a":,}\n')),
    ).toBe('JSONParsingError')
    expect(
      await errorCode(() => selectJson(jsonRequest('SELECT * FROM S3Object'), '{"a":1}\n{"a":[1,')),
    ).toBe('JSONParsingError')
    expect(await errorCode(() => selectJson(jsonRequest('SELECT * FROM S3Object'), '{"a":1}}'))).toBe(
      'JSONParsingError',
    )
  })

  it('a record nested deeper than 1000 levels is JSONParsingError (not a stack overflow when written)', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expect(await errorCode(() => selectJson(jsonRequest('SELECT * FROM S3Object'), deep))).toBe(
      'JSONParsingError',
    )
    const ok = `${'['.repeat(1000)}${']'.repeat(1000)}`
    expect(await selectJson(jsonRequest('SELECT * FROM S3Object'), ok)).toHaveLength(1)
  })

  it('a record over 1 MiB is OverMaxRecordSize', async () => {
    const big = JSON.stringify({ a: 'x'.repeat(1024 * 1024) })
    expect(await errorCode(() => selectJson(jsonRequest('SELECT * FROM S3Object'), big))).toBe(
      'OverMaxRecordSize',
    )
  })

  it('invalid UTF-8 is InvalidTextEncoding', async () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])
    expect(await errorCode(() => selectJson(jsonRequest('SELECT * FROM S3Object'), bytes))).toBe(
      'InvalidTextEncoding',
    )
  })
})

describe('JSON DOCUMENT', () => {
  it('one pretty-printed document is one record', async () => {
    const doc = { a: { b: [1, { c: 'deep' }] }, x: 1 }
    const out = await selectJson(
      jsonRequest('SELECT s.a.b[1].c FROM S3Object s', 'DOCUMENT'),
      JSON.stringify(doc, null, 2),
    )
    expect(out).toEqual([{ c: 'deep' }])
  })

  it('concatenated top-level objects are records', async () => {
    const out = await selectJson(
      jsonRequest('SELECT s.x FROM S3Object s', 'DOCUMENT'),
      '{"x":1}{"x":2}\n  {"x":3}',
    )
    expect(out).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }])
  })

  it('S3Object[*] iterates a top-level array, streamed element by element', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ i, even: i % 2 === 0 }))
    const out = await selectJson(
      jsonRequest('SELECT s.i FROM S3Object[*] s WHERE s.even = true', 'DOCUMENT'),
      JSON.stringify(items),
      7,
    )
    expect(out).toEqual(items.filter((x) => x.even).map((x) => ({ i: x.i })))
  })

  it('S3Object[*] over an array larger than 1 MiB works: only each element is bounded', async () => {
    const items = Array.from({ length: 30_000 }, (_, i) => ({ i, pad: 'p'.repeat(40) }))
    const out = await selectJson(
      jsonRequest('SELECT COUNT(*) AS n, MAX(s.i) AS top FROM S3Object[*] s', 'DOCUMENT'),
      JSON.stringify(items),
    )
    expect(out).toEqual([{ n: 30_000, top: 29_999 }])
  })

  it('S3Object[*].path[*] iterates a nested array of each document', async () => {
    const doc = {
      Records: [
        { id: 'a', tags: ['x'] },
        { id: 'b', tags: ['y', 'z'] },
      ],
    }
    const out = await selectJson(
      jsonRequest('SELECT r.id FROM S3Object[*].Records[*] r', 'DOCUMENT'),
      JSON.stringify(doc),
    )
    expect(out).toEqual([{ id: 'a' }, { id: 'b' }])
    const tags = await selectJson(
      jsonRequest('SELECT * FROM S3Object[*].Records[*].tags[*]', 'DOCUMENT'),
      JSON.stringify(doc),
    )
    expect(tags).toEqual([{ _1: 'x' }, { _1: 'y' }, { _1: 'z' }])
  })

  it('a top-level array without [*] is one record', async () => {
    const { text } = await runSelect(jsonRequest('SELECT * FROM S3Object', 'DOCUMENT'), '[1,2]')
    expect(JSON.parse(text)).toEqual({ _1: [1, 2] })
  })

  it('CSV output of JSON records: values in key order, nested values as JSON text', async () => {
    const { text } = await runSelect(
      jsonRequest('SELECT * FROM S3Object', 'LINES', CSV_OUTPUT),
      '{"a":1,"b":{"c":2},"d":"x,y"}\n',
    )
    expect(text).toBe('1,"{""c"":2}","x,y"\n')
  })

  it('the bare table alias selects the whole record', async () => {
    expect(await selectJson(jsonRequest('SELECT s FROM S3Object s'), '{"a":1}')).toEqual([{ _1: { a: 1 } }])
  })

  it('top-level scalars are records too', async () => {
    const out = await selectJson(jsonRequest('SELECT * FROM S3Object', 'DOCUMENT'), '1 "two" true null')
    expect(out).toEqual([{ _1: 1 }, { _1: 'two' }, { _1: true }, { _1: null }])
  })
})
