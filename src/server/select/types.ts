/**
 * The S3 Select engine's interface: a SelectObjectContentRequest's options (already parsed
 * from XML by the handler) in, a compiled query that turns an object's bytes into output
 * record bytes out. The handler owns HTTP, the event-stream framing and storage reads.
 */

/** The object's compression, as the request's `InputSerialization/CompressionType` says. */
export type CompressionType = 'NONE' | 'GZIP' | 'BZIP2'

/** `InputSerialization/CSV`, defaults already applied by the handler. */
export interface CsvInput {
  fileHeaderInfo: 'USE' | 'IGNORE' | 'NONE'
  recordDelimiter: string
  fieldDelimiter: string
  quoteCharacter: string
  quoteEscapeCharacter: string
  comments?: string
  allowQuotedRecordDelimiter: boolean
}

/** `InputSerialization/JSON`. */
export interface JsonInput {
  type: 'DOCUMENT' | 'LINES'
}

/** `OutputSerialization/CSV`, defaults already applied by the handler. */
export interface CsvOutput {
  quoteFields: 'ALWAYS' | 'ASNEEDED'
  recordDelimiter: string
  fieldDelimiter: string
  quoteCharacter: string
  quoteEscapeCharacter: string
}

/** `OutputSerialization/JSON`. */
export interface JsonOutput {
  recordDelimiter: string
}

/** One SelectObjectContent request, as the engine needs it. */
export interface SelectRequest {
  /** The SQL expression (`ExpressionType` SQL is checked by the handler). */
  expression: string
  input: { compression: CompressionType } & (
    | { format: 'CSV'; csv: CsvInput }
    | { format: 'JSON'; json: JsonInput }
  )
  output: { format: 'CSV'; csv: CsvOutput } | { format: 'JSON'; json: JsonOutput }
  /** `ScanRange`: inclusive byte offsets; either may be absent (S3's defaults: 0 and the end). */
  scanRange?: { start?: number; end?: number }
}

/** The counters of the Stats and Progress frames. */
export interface SelectStats {
  /** Bytes read from storage (compressed size for compressed input). */
  bytesScanned: number
  /** Bytes after decompression. */
  bytesProcessed: number
  /** Output record bytes produced. */
  bytesReturned: number
}

/** A query checked and ready to run over one object. */
export interface CompiledSelect {
  /**
   * The byte range (inclusive `end`) of the object the handler must read for the scan range;
   * undefined: the whole object.
   */
  readRange(objectSize: number): { start: number; end: number } | undefined
  /**
   * Output record bytes in batches (about 64–256 KiB each, never unbounded); updates `stats`
   * as it goes. Pulls `input` only as fast as the result is consumed. Throws S3ServerError with
   * S3 Select's error codes (CSVParsingError, CastFailed, OverMaxRecordSize, ...).
   */
  run(input: AsyncIterable<Uint8Array>, stats: SelectStats): AsyncIterable<Uint8Array>
}
