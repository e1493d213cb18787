/** The options of `selectObjectContent`, as minio-js 8 types them. */

/**
 * How the object is read: its compression and one of CSV, JSON or Parquet (Parquet is refused by
 * Silo with NotImplemented).
 * @example
 * const input: InputSerialization = { CompressionType: 'GZIP', CSV: { FileHeaderInfo: 'USE' } }
 */
export type InputSerialization = {
  CompressionType?: 'NONE' | 'GZIP' | 'BZIP2'
  CSV?: {
    AllowQuotedRecordDelimiter?: boolean
    Comments?: string
    FieldDelimiter?: string
    FileHeaderInfo?: 'NONE' | 'IGNORE' | 'USE'
    QuoteCharacter?: string
    QuoteEscapeCharacter?: string
    RecordDelimiter?: string
  }
  JSON?: { Type: 'DOCUMENT' | 'LINES' }
  Parquet?: Record<string, never>
}

/**
 * How the records are written: CSV or JSON.
 * @example
 * const output: OutputSerialization = { JSON: { RecordDelimiter: '\n' } }
 */
export type OutputSerialization = {
  CSV?: {
    FieldDelimiter?: string
    QuoteCharacter?: string
    QuoteEscapeCharacter?: string
    QuoteFields?: string
    RecordDelimiter?: string
  }
  JSON?: { RecordDelimiter?: string }
}

/**
 * Whether the server sends Progress messages.
 * @example
 * const progress: SelectProgress = { Enabled: true }
 */
export type SelectProgress = { Enabled: boolean }

/**
 * The byte range to scan (inclusive End); `End` alone scans the last `End` bytes.
 * @example
 * const range: ScanRange = { Start: 0, End: 1048575 }
 */
export type ScanRange = { Start: number; End: number }

/**
 * A SelectObjectContent request.
 * @example
 * const options: SelectOptions = {
 *   expression: "SELECT s.name FROM S3Object s WHERE s.city = 'Oslo'",
 *   expressionType: 'SQL',
 *   inputSerialization: { CSV: { FileHeaderInfo: 'USE' }, CompressionType: 'NONE' },
 *   outputSerialization: { CSV: {} },
 * }
 */
export type SelectOptions = {
  expression: string
  /** Only `SQL`; the default. */
  expressionType?: string
  inputSerialization: InputSerialization
  outputSerialization: OutputSerialization
  requestProgress?: SelectProgress
  scanRange?: ScanRange
}
