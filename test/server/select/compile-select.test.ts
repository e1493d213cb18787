import { describe, expect, it } from 'vitest'
import { compileSelect, type SelectRequest } from '../../../src/server/select/index.js'
import { CSV_OUTPUT, csvRequest, errorCode, jsonRequest } from './engine-helpers.js'

describe('compileSelect options', () => {
  const base = csvRequest('SELECT * FROM S3Object')
  const cases: [string, SelectRequest, string][] = [
    [
      'Parquet input',
      { ...base, input: { compression: 'NONE', format: 'PARQUET' } as unknown as SelectRequest['input'] },
      'NotImplemented',
    ],
    [
      'an unknown compression',
      { ...base, input: { ...base.input, compression: 'ZSTD' as 'GZIP' } },
      'InvalidCompressionFormat',
    ],
    [
      'an unknown FileHeaderInfo',
      csvRequest('SELECT * FROM S3Object', { fileHeaderInfo: 'MAYBE' as 'USE' }),
      'InvalidFileHeaderInfo',
    ],
    ['an unknown JSON Type', jsonRequest('SELECT * FROM S3Object', 'STREAM' as 'LINES'), 'InvalidJsonType'],
    [
      'an unknown QuoteFields',
      csvRequest(
        'SELECT * FROM S3Object',
        {},
        { format: 'CSV', csv: { ...CSV_OUTPUT.csv, quoteFields: 'SOMETIMES' as 'ALWAYS' } },
      ),
      'InvalidQuoteFields',
    ],
  ]
  it.each(cases)('%s → %s', async (_name, request, code) => {
    expect(await errorCode(() => compileSelect(request))).toBe(code)
  })

  it('names Parquet in the NotImplemented message', () => {
    expect(() => compileSelect(cases[0]![1])).toThrow(/PARQUET/)
  })
})
