import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isS3ServerError } from '../../../../src/server/errors.js'
import { csvParseOptions } from '../../../../src/server/select/input/csv-records.js'
import { CsvTokenizer } from '../../../../src/server/select/input/csv-tokenizer.js'
import type { CsvInput } from '../../../../src/server/select/types.js'

const base: CsvInput = {
  fileHeaderInfo: 'NONE',
  recordDelimiter: '\n',
  fieldDelimiter: ',',
  quoteCharacter: '"',
  quoteEscapeCharacter: '"',
  allowQuotedRecordDelimiter: true,
}

/** The settings the property runs over: S3's defaults, comments, and other characters. */
const SETTINGS: CsvInput[] = [
  base,
  { ...base, comments: '#' },
  { ...base, allowQuotedRecordDelimiter: false },
  { ...base, recordDelimiter: ';', fieldDelimiter: '|', quoteCharacter: "'", quoteEscapeCharacter: '\\' },
  { ...base, recordDelimiter: '\r\n', fieldDelimiter: '\t', comments: '//' },
  { ...base, fieldDelimiter: '¦', quoteEscapeCharacter: '\\', comments: '#' },
]

/** Pieces random CSV text is made of: every character the settings above give a meaning. */
const PIECES = [
  'a',
  'bc',
  'é',
  ',',
  '"',
  '""',
  ',"',
  "'",
  '\\',
  '|',
  ';',
  '\t',
  '¦',
  '#',
  '//',
  '\n',
  '\r\n',
  '\r',
  ' ',
]

type Outcome = { records: string[][]; starts: number[] } | { error: string }

/** The tokenizer's records (all fields, and start offsets), the input fed in the given pieces. */
function tokenize(bytes: Buffer, csv: CsvInput, cuts: number[]): Outcome {
  const records: string[][] = []
  const starts: number[] = []
  const tokenizer = new CsvTokenizer(csv)
  const onRecord = (r: { count: number; start: number; field(i: number): string }) => {
    records.push(Array.from({ length: r.count }, (_, i) => r.field(i)))
    starts.push(r.start)
    return true
  }
  try {
    let at = 0
    for (const cut of [...cuts, bytes.length]) {
      tokenizer.push(bytes.subarray(at, cut), onRecord)
      at = cut
    }
    tokenizer.end(onRecord)
  } catch (e) {
    if (isS3ServerError(e)) return { error: e.code }
    throw e
  }
  return { records, starts }
}

/** csv-parse's records with the same settings: the reference. */
function reference(bytes: Buffer, csv: CsvInput): string[][] | 'error' {
  try {
    const records = (parse(bytes, csvParseOptions(csv)) as string[][]).filter(
      (r) => !(r.length === 1 && r[0] === ''),
    )
    if (
      !csv.allowQuotedRecordDelimiter &&
      records.some((r) => r.some((f) => f.includes(csv.recordDelimiter)))
    )
      return 'error'
    return records
  } catch {
    return 'error'
  }
}

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40, size: 'max' }).map((p) => p.join(''))

describe('CsvTokenizer', () => {
  it('gives the records csv-parse gives with the same settings (or fails where it fails)', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...SETTINGS), (data, csv) => {
        // One of csv-parse's quirks the tokenizer does not copy: an empty quoted first field
        // followed by the comment character turns the row into a comment there (the tokenizer
        // reads the comment character as text, as it does anywhere but at a record's start).
        const q = csv.quoteCharacter
        if (csv.comments) fc.pre(!data.includes(`${q}${q}${csv.comments}`))
        const bytes = Buffer.from(data)
        const want = reference(bytes, csv)
        const got = tokenize(bytes, csv, [])
        if (want === 'error') expect(got).toHaveProperty('error')
        else expect('records' in got ? got.records : got).toEqual(want)
      }),
      { numRuns: 3000 },
    )
  })

  it('gives the same records and starts wherever the chunks split the input', () => {
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(...SETTINGS),
        fc.array(fc.nat(), { maxLength: 8 }),
        (data, csv, raw) => {
          const bytes = Buffer.from(data)
          const cuts = [...new Set(raw.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b)
          expect(tokenize(bytes, csv, cuts)).toEqual(tokenize(bytes, csv, []))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('splits at every position of a record with quotes, escapes, CRLF and comments', () => {
    const csv = { ...base, comments: '#', quoteEscapeCharacter: '"' }
    const bytes = Buffer.from('\uFEFFid,"a ""q"", b"\r\n#note,"x\n2,"two\nlines",é\n\n3,x"y"z,\n')
    const whole = tokenize(bytes, csv, [])
    expect(whole).toEqual({
      records: [
        ['id', 'a "q", b'],
        ['2', 'two\nlines', 'é'],
        ['3', 'x"y"z', ''],
      ],
      starts: [3, 29, 47],
    })
    for (let i = 0; i <= bytes.length; i++) expect(tokenize(bytes, csv, [i])).toEqual(whole)
    for (let i = 1; i <= bytes.length; i++) {
      const cuts = Array.from({ length: i }, (_, k) => k)
      expect(tokenize(bytes, csv, cuts)).toEqual(whole)
    }
  })

  it('record starts are byte offsets past comment rows and empty lines', () => {
    const bytes = Buffer.from('#c\n\na,b\n#d\n\nc\n')
    expect(tokenize(bytes, { ...base, comments: '#' }, [])).toEqual({
      records: [['a', 'b'], ['c']],
      starts: [4, 12],
    })
  })
})
