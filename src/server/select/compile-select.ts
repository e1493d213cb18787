import { S3ServerError } from '../errors.js'
import { applyFromPath, bindCsv, bindJson } from './eval/bind-paths.js'
import { checkUtf8, countBytes } from './input/byte-stages.js'
import { checkCsvInput, readCsvRecords } from './input/csv-records.js'
import { decompress } from './input/decompress.js'
import { readJsonRecords } from './input/json-records.js'
import { alignToRecord, type ResolvedScanRange, resolveScanRange } from './input/scan-range.js'
import { createOutputBatcher } from './output/output-batches.js'
import { createRecordWriter, type RecordWriter } from './output/record-writer.js'
import { QueryRunner } from './query-runner.js'
import { selectError } from './select-error.js'
import type { Query } from './sql/ast.js'
import { checkQuery } from './sql/check-query.js'
import { parseQuery } from './sql/parser.js'
import type { CompiledSelect, CsvInput, SelectRequest, SelectStats } from './types.js'

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

/** Output batches are flushed at about this many characters (docs: 64–256 KiB per yield). */
const BATCH_CHARS = 128 * 1024

async function* runQuery(
  request: SelectRequest,
  query: Query,
  aggregate: boolean,
  range: ResolvedScanRange | undefined,
  input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  stats: SelectStats,
): AsyncGenerator<Uint8Array> {
  if (range && range.start > range.end) {
    // No byte of the object is in the range: no records (an aggregate still answers, COUNT 0).
    input = []
    range = undefined
  }
  let bytes = countBytes(input, (n) => {
    stats.bytesScanned += n
  })
  bytes = countBytes(decompress(bytes, request.input.compression), (n) => {
    stats.bytesProcessed += n
  })
  let skipped = 0
  if (range) {
    const delimiter = request.input.format === 'CSV' ? request.input.csv.recordDelimiter : '\n'
    bytes = alignToRecord(bytes, range, delimiter, (n) => {
      skipped = n
    })
  }
  // A record is processed when its first byte lies in the scan range.
  const inRange = (start: number) => !range || range.readStart + skipped + start <= range.end
  const writer = createRecordWriter(request.output)
  const batches = createOutputBatcher(BATCH_CHARS, stats)
  const records =
    request.input.format === 'CSV'
      ? csvOutputs(checkUtf8(bytes), request.input.csv, query, aggregate, writer, inRange, range)
      : jsonOutputs(bytes, request.input.json.type, query, aggregate, writer, inRange)
  for await (const text of records) {
    const batch = batches.add(text)
    if (batch) yield batch
  }
  const last = batches.flush()
  if (last) yield last
}

async function* csvOutputs(
  bytes: AsyncIterable<Uint8Array>,
  csv: CsvInput,
  query: Query,
  aggregate: boolean,
  writer: RecordWriter,
  inRange: (start: number) => boolean,
  range: ResolvedScanRange | undefined,
): AsyncGenerator<string> {
  const exactStarts = range !== undefined
  const midObject = range !== undefined && range.start > 0
  // The header row is the object's first record; a scan range that starts later has none.
  let headerPending = csv.fileHeaderInfo !== 'NONE' && !midObject
  let runner: QueryRunner<string[]> | undefined
  const starNames: string[] = []
  const prepare = (header: string[] | undefined) => {
    const star = (row: string[]) => {
      for (let i = starNames.length; i < row.length; i++) starNames.push(header?.[i] ?? `_${i + 1}`)
      return writer.row(starNames, row)
    }
    return new QueryRunner(query, aggregate, bindCsv(header), writer, star, true)
  }
  if (!headerPending && csv.fileHeaderInfo !== 'USE') runner = prepare(undefined)
  for await (const record of readCsvRecords(bytes, csv, exactStarts)) {
    if (!inRange(record.start)) break
    if (headerPending) {
      headerPending = false
      runner = prepare(csv.fileHeaderInfo === 'USE' ? record.fields : undefined)
      continue
    }
    runner ??= prepare(undefined)
    if (runner.done) break
    const text = runner.process(record.fields)
    if (text !== undefined) yield text
    if (runner.done) break
  }
  runner ??= prepare(csv.fileHeaderInfo === 'USE' && !midObject ? [] : undefined)
  const last = runner.finish()
  if (last !== undefined) yield last
}

async function* jsonOutputs(
  bytes: AsyncIterable<Uint8Array>,
  type: 'DOCUMENT' | 'LINES',
  query: Query,
  aggregate: boolean,
  writer: RecordWriter,
  inRange: (start: number) => boolean,
): AsyncGenerator<string> {
  const runner = new QueryRunner<unknown>(
    query,
    aggregate,
    bindJson,
    writer,
    (row) => writer.whole(row),
    false,
  )
  const unwrap = query.from[0]?.kind === 'wildcard'
  const rest = unwrap ? query.from.slice(1) : query.from
  if (!runner.done) {
    outer: for await (const record of readJsonRecords(bytes, unwrap)) {
      if (type === 'LINES' && !inRange(record.start)) break
      for (const row of applyFromPath(record.value, rest, 'FROM')) {
        const text = runner.process(row)
        if (text !== undefined) yield text
        if (runner.done) break outer
      }
    }
  }
  const last = runner.finish()
  if (last !== undefined) yield last
}
