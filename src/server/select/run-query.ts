import { applyFromPath, bindCsv, bindJson } from './eval/bind-paths.js'
import { checkUtf8, countBytes, InputStreamError, markInputErrors } from './input/byte-stages.js'
import { type CsvRecordView, CsvTokenizer } from './input/csv-tokenizer.js'
import { decompress } from './input/decompress.js'
import { readJsonRecords } from './input/json-records.js'
import { alignToRecord, type ResolvedScanRange } from './input/scan-range.js'
import { createOutputBatcher } from './output/output-batches.js'
import { createRecordWriter, type RecordWriter } from './output/record-writer.js'
import { QueryRunner } from './query-runner.js'
import type { Query } from './sql/ast.js'
import type { CsvInput, SelectRequest, SelectStats } from './types.js'

/** Output batches are flushed at about this many characters (docs: 64–256 KiB per yield). */
const BATCH_CHARS = 128 * 1024

/**
 * Runs a compiled query over the object's bytes: count scanned bytes, decompress, count
 * processed bytes, align to the scan range, read records, evaluate, write, batch.
 */
export async function* runQuery(
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
  let bytes = countBytes(markInputErrors(input), (n) => {
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
  try {
    // Output records come in arrays (a chunk's worth for CSV): one await per array, not per record.
    for await (const texts of records) {
      for (const text of texts) {
        const batch = batches.add(text)
        if (batch) yield batch
      }
    }
  } catch (e) {
    throw e instanceof InputStreamError ? e.cause : e
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
): AsyncGenerator<string[]> {
  const midObject = range !== undefined && range.start > 0
  // The header row is the object's first record; a scan range that starts later has none.
  let headerPending = csv.fileHeaderInfo !== 'NONE' && !midObject
  let runner: QueryRunner<CsvRecordView> | undefined
  const starNames: string[] = []
  const row: string[] = []
  // A field is decoded only when the query reads it (SELECT * reads them all).
  const read = (record: CsvRecordView, i: number) => (i < record.count ? record.field(i) : undefined)
  const prepare = (header: string[] | undefined) => {
    const star = (record: CsvRecordView) => {
      row.length = record.count
      for (let i = 0; i < record.count; i++) row[i] = record.field(i)
      for (let i = starNames.length; i < row.length; i++) starNames.push(header?.[i] ?? `_${i + 1}`)
      return writer.row(starNames, row)
    }
    return new QueryRunner(query, aggregate, bindCsv(header, read), writer, star, true)
  }
  const outputs: string[] = []
  let stop = false
  const onRecord = (record: CsvRecordView): boolean => {
    if (!inRange(record.start)) {
      stop = true
      return false
    }
    if (headerPending) {
      headerPending = false
      const fields = Array.from({ length: record.count }, (_, i) => record.field(i))
      runner = prepare(csv.fileHeaderInfo === 'USE' ? fields : undefined)
      return true
    }
    runner ??= prepare(undefined)
    if (runner.done) {
      stop = true
      return false
    }
    const text = runner.process(record)
    if (text !== undefined) outputs.push(text)
    if (runner.done) {
      stop = true
      return false
    }
    return true
  }
  if (!headerPending && csv.fileHeaderInfo !== 'USE') runner = prepare(undefined)
  const tokenizer = new CsvTokenizer(csv)
  for await (const chunk of bytes) {
    tokenizer.push(chunk, onRecord)
    // The consumer reads the array before asking for more: it can be reused.
    if (outputs.length > 0) yield outputs
    outputs.length = 0
    if (stop) break
  }
  if (!stop) {
    tokenizer.end(onRecord)
    if (outputs.length > 0) yield outputs
    outputs.length = 0
  }
  runner ??= prepare(csv.fileHeaderInfo === 'USE' && !midObject ? [] : undefined)
  const last = runner.finish()
  if (last !== undefined) yield [last]
}

async function* jsonOutputs(
  bytes: AsyncIterable<Uint8Array>,
  type: 'DOCUMENT' | 'LINES',
  query: Query,
  aggregate: boolean,
  writer: RecordWriter,
  inRange: (start: number) => boolean,
): AsyncGenerator<string[]> {
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
        if (text !== undefined) yield [text]
        if (runner.done) break outer
      }
    }
  }
  const last = runner.finish()
  if (last !== undefined) yield [last]
}
