import { describe, expect, it } from 'vitest'
import { compileSelect, type SelectRequest } from '../../../../src/server/select/index.js'
import { csvRequest, errorCode, jsonRequest, runSelect } from '../engine-helpers.js'

const lines = ['a,1', 'bb,22', 'ccc,333', '', 'dddd,4444', 'e,5', 'ffffff,666666']
const csvData = `${lines.join('\n')}\n`
/** Each non-empty line's first byte offset. */
const starts = lines
  .map((line, i) => [line, lines.slice(0, i).reduce((n, l) => n + l.length + 1, 0)] as const)
  .filter(([line]) => line !== '')

function ranged(request: SelectRequest, start?: number, end?: number): SelectRequest {
  return {
    ...request,
    scanRange: { ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }) },
  }
}

describe('ScanRange', () => {
  it('processes exactly the records whose first byte lies in [Start, End], for every range', async () => {
    for (let start = 0; start <= csvData.length; start++) {
      for (let end = start; end <= csvData.length + 1; end += 3) {
        const { text } = await runSelect(
          ranged(csvRequest('SELECT _1 FROM S3Object'), start, end),
          csvData,
          4,
        )
        const got = text
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { _1: string })._1)
        const want = starts.filter(([, at]) => at >= start && at <= end).map(([line]) => line.split(',')[0])
        expect(got, `range ${start}-${end}`).toEqual(want)
      }
    }
  })

  it('comment rows before a record do not move its start', async () => {
    const data = 'a,1\n#skip me\n#and me\nb,2\n'
    const bStart = data.indexOf('b,2')
    const run = async (start: number, end: number) =>
      (await runSelect(ranged(csvRequest('SELECT _1 FROM S3Object', { comments: '#' }), start, end), data))
        .text
    expect(await run(0, bStart - 1)).toBe('{"_1":"a"}\n')
    expect(await run(0, bStart)).toBe('{"_1":"a"}\n{"_1":"b"}\n')
    expect(await run(4, bStart)).toBe('{"_1":"b"}\n')
  })

  it('with FileHeaderInfo USE, a range from 0 reads the header; a later one has none', async () => {
    const data = 'id,name\n1,Ann\n2,Bob\n'
    const request = csvRequest('SELECT _2 FROM S3Object', { fileHeaderInfo: 'USE' })
    expect((await runSelect(ranged(request, 0, 9), data)).text).toBe('{"_2":"Ann"}\n')
    expect((await runSelect(ranged(request, 9, 100), data)).text).toBe('{"_2":"Bob"}\n')
  })

  it('the same over JSON LINES', async () => {
    const docs = [{ a: 1 }, { a: 22 }, { a: 333 }, { a: 4444 }]
    const data = `${docs.map((d) => JSON.stringify(d)).join('\n')}\n`
    const offsets = docs.map((_, i) => docs.slice(0, i).reduce((n, d) => n + JSON.stringify(d).length + 1, 0))
    for (let start = 0; start < data.length; start++) {
      for (let end = start; end < data.length; end += 2) {
        const { text } = await runSelect(
          ranged(jsonRequest('SELECT s.a FROM S3Object s'), start, end),
          data,
          5,
        )
        const got = text
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { a: number }).a)
        expect(got, `range ${start}-${end}`).toEqual(
          docs.filter((_, i) => offsets[i]! >= start && offsets[i]! <= end).map((d) => d.a),
        )
      }
    }
  })

  it('readRange: from the byte before Start to the end of the object (a record runs past End)', () => {
    expect(compileSelect(ranged(csvRequest('SELECT * FROM S3Object'), 10, 20)).readRange(100)).toEqual({
      start: 9,
      end: 99,
    })
    expect(compileSelect(ranged(csvRequest('SELECT * FROM S3Object'), 0, 20)).readRange(100)).toEqual({
      start: 0,
      end: 99,
    })
    expect(compileSelect(csvRequest('SELECT * FROM S3Object')).readRange(100)).toBeUndefined()
  })

  it('End alone means the last End bytes; Start alone runs to the end', async () => {
    const tail = await runSelect(ranged(csvRequest('SELECT _1 FROM S3Object'), undefined, 14), csvData)
    expect(tail.text).toBe('{"_1":"ffffff"}\n')
    // The last 13 bytes begin inside the last record: no record starts there.
    expect(
      (await runSelect(ranged(csvRequest('SELECT _1 FROM S3Object'), undefined, 13), csvData)).text,
    ).toBe('')
    const from = await runSelect(ranged(csvRequest('SELECT _1 FROM S3Object'), starts.at(-2)![1]), csvData)
    expect(from.text).toBe('{"_1":"e"}\n{"_1":"ffffff"}\n')
  })

  it('over an empty object: the whole (empty) object is read, nothing selected', async () => {
    const compiled = compileSelect(ranged(csvRequest('SELECT _1 FROM S3Object'), 0, 10))
    expect(compiled.readRange(0)).toBeUndefined()
    expect((await runSelect(ranged(csvRequest('SELECT COUNT(*) FROM S3Object'), 0, 10), '')).text).toBe(
      '{"_1":0}\n',
    )
  })

  it('a Start past the end of the object selects nothing', async () => {
    expect((await runSelect(ranged(csvRequest('SELECT _1 FROM S3Object'), 1000, 2000), csvData)).text).toBe(
      '',
    )
  })

  it('is refused for compressed input and JSON DOCUMENT; bad bounds are InvalidRequestParameter', async () => {
    const gz: SelectRequest = {
      ...csvRequest('SELECT * FROM S3Object'),
      input: { ...csvRequest('').input, compression: 'GZIP' },
    }
    expect(await errorCode(() => compileSelect(ranged(gz, 0, 10)))).toBe('UnsupportedScanRangeInput')
    expect(
      await errorCode(() => compileSelect(ranged(jsonRequest('SELECT * FROM S3Object', 'DOCUMENT'), 0, 10))),
    ).toBe('UnsupportedScanRangeInput')
    expect(
      await errorCode(() =>
        compileSelect(ranged(csvRequest('SELECT * FROM S3Object'), 10, 5)).readRange(100),
      ),
    ).toBe('InvalidRequestParameter')
    expect(
      await errorCode(() =>
        compileSelect(ranged(csvRequest('SELECT * FROM S3Object'), -1, 5)).readRange(100),
      ),
    ).toBe('InvalidRequestParameter')
  })
})
