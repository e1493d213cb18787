import { describe, expect, it } from 'vitest'
import { compileSelect } from '../../../../src/server/select/index.js'
import { CSV_OUTPUT, csvRequest, errorCode, runSelect, selectJson } from '../engine-helpers.js'

const all = (csv = {}) => csvRequest('SELECT * FROM S3Object', csv)

describe('CSV input', () => {
  it('quoted fields hold field delimiters and doubled quotes', async () => {
    const out = await selectJson(all(), 'a,"b,c","say ""hi"""\n')
    expect(out).toEqual([{ _1: 'a', _2: 'b,c', _3: 'say "hi"' }])
  })

  it('a quoted record delimiter is refused unless AllowQuotedRecordDelimiter', async () => {
    const data = '1,"two\nlines",3\n4,5,6\n'
    expect(await errorCode(() => selectJson(all(), data))).toBe('CSVEscapingRecordDelimiter')
    expect(await selectJson(all({ allowQuotedRecordDelimiter: true }), data)).toEqual([
      { _1: '1', _2: 'two\nlines', _3: '3' },
      { _1: '4', _2: '5', _3: '6' },
    ])
  })

  it('CRLF lines with the default \\n record delimiter, and a last line without one', async () => {
    expect(await selectJson(all(), 'a,b\r\nc,d\r\ne,f')).toEqual([
      { _1: 'a', _2: 'b' },
      { _1: 'c', _2: 'd' },
      { _1: 'e', _2: 'f' },
    ])
  })

  it('custom record and field delimiters, quote and escape characters', async () => {
    const csv = { recordDelimiter: ';', fieldDelimiter: '|', quoteCharacter: "'", quoteEscapeCharacter: '\\' }
    expect(await selectJson(all(csv), "a|'b|c';'it\\'s'|d;")).toEqual([
      { _1: 'a', _2: 'b|c' },
      { _1: "it's", _2: 'd' },
    ])
  })

  it('comment rows are skipped; the comment character elsewhere is data', async () => {
    const out = await selectJson(all({ comments: '#' }), '#note,1\na,#b\n  #x,y\n')
    expect(out).toEqual([
      { _1: 'a', _2: '#b' },
      { _1: '  #x', _2: 'y' },
    ])
  })

  it('empty fields are empty strings; empty lines are skipped', async () => {
    expect(await selectJson(all(), ',,\n\n1,,\n')).toEqual([
      { _1: '', _2: '', _3: '' },
      { _1: '1', _2: '', _3: '' },
    ])
  })

  it('FileHeaderInfo USE names the columns (and SELECT * uses them); extra fields are _N', async () => {
    const out = await selectJson(all({ fileHeaderInfo: 'USE' }), 'id,name\n1,Ann\n2,Bob,extra\n3\n')
    expect(out).toEqual([{ id: '1', name: 'Ann' }, { id: '2', name: 'Bob', _3: 'extra' }, { id: '3' }])
  })

  it('FileHeaderInfo IGNORE skips the first row; columns are positional', async () => {
    const out = await selectJson(
      csvRequest('SELECT _2 FROM S3Object', { fileHeaderInfo: 'IGNORE' }),
      'id,name\n1,Ann\n',
    )
    expect(out).toEqual([{ _2: 'Ann' }])
    expect(
      await errorCode(() =>
        compileSelect(csvRequest('SELECT name FROM S3Object', { fileHeaderInfo: 'IGNORE' })),
      ),
    ).toBe('EvaluatorBindingDoesNotExist')
  })

  it('FileHeaderInfo NONE treats the first row as data', async () => {
    expect(await selectJson(all(), 'id,name\n1,Ann\n')).toHaveLength(2)
  })

  it('a header-only object, or an empty one, gives no records', async () => {
    expect(
      (await runSelect(csvRequest('SELECT s.id FROM S3Object s', { fileHeaderInfo: 'USE' }), 'id\n')).text,
    ).toBe('')
    expect(
      (await runSelect(csvRequest('SELECT s.id FROM S3Object s', { fileHeaderInfo: 'USE' }), '')).text,
    ).toBe('')
  })

  it('a name the header lacks is EvaluatorBindingDoesNotExist', async () => {
    expect(
      await errorCode(() =>
        selectJson(csvRequest('SELECT s.nope FROM S3Object s', { fileHeaderInfo: 'USE' }), 'id\n1\n'),
      ),
    ).toBe('EvaluatorBindingDoesNotExist')
  })

  it('records split across tiny chunks parse the same', async () => {
    const data = 'a,"b,\n""c""",d\r\ne,f,g\n'
    const whole = await selectJson(all({ allowQuotedRecordDelimiter: true }), data)
    expect(await selectJson(all({ allowQuotedRecordDelimiter: true }), data, 1)).toEqual(whole)
    expect(whole).toEqual([
      { _1: 'a', _2: 'b,\n"c"', _3: 'd' },
      { _1: 'e', _2: 'f', _3: 'g' },
    ])
  })

  it('a UTF-8 BOM is not part of the first column', async () => {
    expect(
      await selectJson(csvRequest('SELECT s.id FROM S3Object s', { fileHeaderInfo: 'USE' }), '\uFEFFid\n7\n'),
    ).toEqual([{ id: '7' }])
  })

  it('an unterminated quote is CSVParsingError', async () => {
    expect(await errorCode(() => selectJson(all(), 'a,"open\n', 4))).toBe('CSVParsingError')
  })

  it('a record over 1 MiB is OverMaxRecordSize', async () => {
    expect(await errorCode(() => selectJson(all(), `${'x'.repeat(1024 * 1024 + 10)}\n`))).toBe(
      'OverMaxRecordSize',
    )
  })

  it('bytes that are not UTF-8 are InvalidTextEncoding', async () => {
    expect(await errorCode(() => selectJson(all(), Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a])))).toBe(
      'InvalidTextEncoding',
    )
  })

  it('settings csv-parse cannot use are InvalidRequestParameter before any byte is read', async () => {
    expect(await errorCode(() => compileSelect(all({ fieldDelimiter: '' })))).toBe('InvalidRequestParameter')
  })

  it('CSV in, CSV out round-trips quoting', async () => {
    const data = 'a,"b,c","x""y"\n'
    const { text } = await runSelect(csvRequest('SELECT * FROM S3Object', {}, CSV_OUTPUT), data)
    expect(text).toBe(data)
  })
})
