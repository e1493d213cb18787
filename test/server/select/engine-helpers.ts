import {
  type CsvInput,
  compileSelect,
  type SelectRequest,
  type SelectStats,
} from '../../../src/server/select/index.js'

/** S3's CSV input defaults (the handler applies them before the engine sees a request). */
export const CSV_DEFAULTS: CsvInput = {
  fileHeaderInfo: 'NONE',
  recordDelimiter: '\n',
  fieldDelimiter: ',',
  quoteCharacter: '"',
  quoteEscapeCharacter: '"',
  allowQuotedRecordDelimiter: false,
}

/** S3's CSV output defaults. */
export const CSV_OUTPUT = {
  format: 'CSV',
  csv: {
    quoteFields: 'ASNEEDED',
    recordDelimiter: '\n',
    fieldDelimiter: ',',
    quoteCharacter: '"',
    quoteEscapeCharacter: '"',
  },
} as const satisfies SelectRequest['output']

/** JSON output, one record a line. */
export const JSON_OUTPUT = {
  format: 'JSON',
  json: { recordDelimiter: '\n' },
} as const satisfies SelectRequest['output']

/** A request over CSV input (defaults overridden by `csv`), JSON output unless given. */
export function csvRequest(
  expression: string,
  csv: Partial<CsvInput> = {},
  output: SelectRequest['output'] = JSON_OUTPUT,
): SelectRequest {
  return {
    expression,
    input: { compression: 'NONE', format: 'CSV', csv: { ...CSV_DEFAULTS, ...csv } },
    output,
  }
}

/** A request over JSON input, JSON output unless given. */
export function jsonRequest(
  expression: string,
  type: 'DOCUMENT' | 'LINES' = 'LINES',
  output: SelectRequest['output'] = JSON_OUTPUT,
): SelectRequest {
  return { expression, input: { compression: 'NONE', format: 'JSON', json: { type } }, output }
}

/** `data` as an async byte stream in chunks of `chunkSize` (small chunks test boundaries). */
export async function* chunked(data: string | Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize)
}

/** Runs `request` over `data` (the whole object); the output text and the stats. */
export async function runSelect(
  request: SelectRequest,
  data: string | Uint8Array,
  chunkSize?: number,
): Promise<{ text: string; stats: SelectStats }> {
  const compiled = compileSelect(request)
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  const range = compiled.readRange(bytes.length)
  const slice = range ? bytes.subarray(range.start, range.end + 1) : bytes
  const stats: SelectStats = { bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 }
  const parts: Buffer[] = []
  for await (const batch of compiled.run(chunked(slice, chunkSize), stats)) parts.push(Buffer.from(batch))
  return { text: Buffer.concat(parts).toString('utf8'), stats }
}

/** The JSON output records of `request` over `data`. */
export async function selectJson(
  request: SelectRequest,
  data: string | Uint8Array,
  chunkSize?: number,
): Promise<unknown[]> {
  const { text } = await runSelect(request, data, chunkSize)
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown)
}

/** The S3 error code `promise` (or a synchronous call) fails with. */
export async function errorCode(run: () => unknown): Promise<string> {
  try {
    await run()
  } catch (e) {
    return (e as { code?: string }).code ?? String(e)
  }
  return 'no error'
}
