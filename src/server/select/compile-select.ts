import { S3ServerError } from '../errors.js'
import { checkCsvInput } from './input/csv-records.js'
import { type ResolvedScanRange, resolveScanRange } from './input/scan-range.js'
import { runQuery } from './run-query.js'
import { selectError } from './select-error.js'
import { checkQuery } from './sql/check-query.js'
import { parseQuery } from './sql/parser.js'
import type { CompiledSelect, SelectRequest } from './types.js'

/** Refuses options S3 does not define or Silo does not implement, naming them. */
function checkOptions(request: SelectRequest): void {
  const { input, output } = request
  const format = (input as { format: string }).format
  if (format !== 'CSV' && format !== 'JSON') {
    throw new S3ServerError(
      'NotImplemented',
      `S3 Select over ${format} input is not implemented; use CSV or JSON.`,
    )
  }
  if (!['NONE', 'GZIP', 'BZIP2'].includes(input.compression)) {
    throw selectError(
      'InvalidCompressionFormat',
      `CompressionType ${input.compression} is not NONE, GZIP or BZIP2.`,
    )
  }
  if (input.format === 'CSV') {
    if (!['USE', 'IGNORE', 'NONE'].includes(input.csv.fileHeaderInfo)) {
      throw selectError(
        'InvalidFileHeaderInfo',
        `FileHeaderInfo ${input.csv.fileHeaderInfo} is not USE, IGNORE or NONE.`,
      )
    }
    checkCsvInput(input.csv)
  } else if (!['DOCUMENT', 'LINES'].includes(input.json.type)) {
    throw selectError('InvalidJsonType', `JSON Type ${input.json.type} is not DOCUMENT or LINES.`)
  }
  if (output.format === 'CSV' && !['ALWAYS', 'ASNEEDED'].includes(output.csv.quoteFields)) {
    throw selectError(
      'InvalidQuoteFields',
      `QuoteFields ${output.csv.quoteFields} is not ALWAYS or ASNEEDED.`,
    )
  }
  if (
    request.scanRange &&
    (input.compression !== 'NONE' || (input.format === 'JSON' && input.json.type !== 'LINES'))
  ) {
    throw selectError(
      'UnsupportedScanRangeInput',
      'ScanRange applies only to uncompressed CSV and JSON LINES objects.',
    )
  }
}

/**
 * Parses and checks the SQL and the options before any byte is read (errors: S3ServerError with
 * S3's codes, 400; NotImplemented for input Silo does not read, such as Parquet).
 */
export function compileSelect(request: SelectRequest): CompiledSelect {
  checkOptions(request)
  const query = parseQuery(request.expression)
  const csv = request.input.format === 'CSV' ? request.input.csv : undefined
  const { aggregate } = checkQuery(query, { csv: csv !== undefined, header: csv?.fileHeaderInfo === 'USE' })
  let range: ResolvedScanRange | undefined
  let resolved = false
  return {
    readRange(objectSize) {
      range = resolveScanRange(request.scanRange, objectSize)
      resolved = true
      // An empty object has no byte to range over: read it whole (nothing), select nothing.
      if (!range || objectSize === 0) return undefined
      return {
        start: Math.min(range.readStart, Math.max(0, objectSize - 1)),
        end: Math.max(0, objectSize - 1),
      }
    },
    run(input, stats) {
      if (request.scanRange && !resolved)
        throw new Error('compileSelect: call readRange before run with a ScanRange')
      return runQuery(request, query, aggregate, range, input, stats)
    },
  }
}
