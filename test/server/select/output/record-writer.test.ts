import { describe, expect, it } from 'vitest'
import type { SelectRequest } from '../../../../src/server/select/index.js'
import { CSV_OUTPUT, csvRequest, errorCode, jsonRequest, runSelect } from '../engine-helpers.js'

function csvOut(
  csv: Partial<Extract<SelectRequest['output'], { format: 'CSV' }>['csv']>,
): SelectRequest['output'] {
  return { format: 'CSV', csv: { ...CSV_OUTPUT.csv, ...csv } }
}

describe('CSV output', () => {
  const data = 'plain,"with,comma","with ""quote""","two\nlines",\n'
  const request = (out: SelectRequest['output']) =>
    csvRequest('SELECT * FROM S3Object', { allowQuotedRecordDelimiter: true }, out)

  it('ASNEEDED quotes only fields holding a delimiter, a quote or a newline', async () => {
    expect((await runSelect(request(CSV_OUTPUT), data)).text).toBe(
      'plain,"with,comma","with ""quote""","two\nlines",\n',
    )
  })

  it('ALWAYS quotes every field', async () => {
    expect((await runSelect(request(csvOut({ quoteFields: 'ALWAYS' })), 'a,,b\n')).text).toBe('"a","","b"\n')
  })

  it('custom delimiters, quote and escape characters', async () => {
    const out = csvOut({
      fieldDelimiter: '\t',
      recordDelimiter: '\r\n',
      quoteCharacter: "'",
      quoteEscapeCharacter: '\\',
    })
    expect((await runSelect(request(out), "a,it's,x\ty\n")).text).toBe("a\t'it\\'s'\t'x\ty'\r\n")
  })

  it('NULL and MISSING are empty fields; numbers, booleans and timestamps as text', async () => {
    const sql = "SELECT NULL, _9, 1.5, 2, TRUE, CAST('2024-01-02T03:04:05Z' AS TIMESTAMP) FROM S3Object"
    expect((await runSelect(csvRequest(sql, {}, CSV_OUTPUT), 'x\n')).text).toBe(
      ',,1.5,2,true,2024-01-02T03:04:05.000Z\n',
    )
  })
})

describe('JSON output', () => {
  it('one object per record with the record delimiter; positional keys for CSV without a header', async () => {
    const out: SelectRequest['output'] = { format: 'JSON', json: { recordDelimiter: ';' } }
    expect((await runSelect(csvRequest('SELECT * FROM S3Object', {}, out), 'a,b\nc,d\n')).text).toBe(
      '{"_1":"a","_2":"b"};{"_1":"c","_2":"d"};',
    )
  })

  it('keeps JSON types and nested values', async () => {
    const doc = '{"a":{"b":[1,true,null]},"n":3}'
    expect((await runSelect(jsonRequest('SELECT s.a, s.n * 2 AS twice FROM S3Object s'), doc)).text).toBe(
      '{"a":{"b":[1,true,null]},"twice":6}\n',
    )
  })
})

describe('output record size', () => {
  const field = 'x'.repeat(300 * 1024)
  it('an output record over 1 MiB is OverMaxRecordSize (CSV and JSON output)', async () => {
    const sql = 'SELECT _1, _1, _1, _1 FROM S3Object'
    expect(await errorCode(() => runSelect(csvRequest(sql, {}, CSV_OUTPUT), `${field}\n`))).toBe(
      'OverMaxRecordSize',
    )
    expect(await errorCode(() => runSelect(csvRequest(sql), `${field}\n`))).toBe('OverMaxRecordSize')
    expect(
      (await runSelect(csvRequest('SELECT _1, _1, _1 FROM S3Object', {}, CSV_OUTPUT), `${field}\n`)).text,
    ).toHaveLength(3 * field.length + 3)
  })

  it('|| cannot build a value over 1 MiB', async () => {
    const sql = `SELECT _1${' || _1'.repeat(10)} AS big FROM S3Object`
    expect(await errorCode(() => runSelect(csvRequest(sql), `${field}\n`))).toBe('OverMaxRecordSize')
  })

  it('a name given twice keeps its last value', async () => {
    expect((await runSelect(csvRequest('SELECT 1 AS a, 2 AS a, 3 AS b FROM S3Object'), 'x\n')).text).toBe(
      '{"a":2,"b":3}\n',
    )
  })
})

describe('batches and Stats', () => {
  it('output comes in bounded batches whose bytes add up to bytesReturned', async () => {
    const line = `${'x'.repeat(99)}\n`
    const data = line.repeat(20_000)
    const { compileSelect } = await import('../../../../src/server/select/index.js')
    const compiled = compileSelect(csvRequest('SELECT * FROM S3Object', {}, CSV_OUTPUT))
    const stats = { bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 }
    const sizes: number[] = []
    async function* input() {
      yield Buffer.from(data)
    }
    for await (const batch of compiled.run(input(), stats)) sizes.push(batch.byteLength)
    expect(sizes.length).toBeGreaterThan(5)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(256 * 1024)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(data.length)
    expect(stats).toEqual({
      bytesScanned: data.length,
      bytesProcessed: data.length,
      bytesReturned: data.length,
    })
  })
})
