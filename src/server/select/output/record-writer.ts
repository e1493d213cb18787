import { toJsonValue, toText, type Value } from '../eval/values.js'
import type { SelectRequest } from '../types.js'

/** Turns one output record into its text, record delimiter included. */
export interface RecordWriter {
  /** A record of the SELECT list: `names` (keys for JSON output) and their values. */
  row(names: readonly string[], values: readonly Value[]): string
  /** A whole input record (SELECT * over JSON input). */
  whole(value: unknown): string
}

/** The writer for the request's OutputSerialization. */
export function createRecordWriter(output: SelectRequest['output']): RecordWriter {
  return output.format === 'CSV' ? csvWriter(output.csv) : jsonWriter(output.json.recordDelimiter)
}

function csvWriter(csv: Extract<SelectRequest['output'], { format: 'CSV' }>['csv']): RecordWriter {
  const { fieldDelimiter, recordDelimiter, quoteCharacter: quote, quoteEscapeCharacter } = csv
  const escapedQuote = (quoteEscapeCharacter || quote) + quote
  const always = csv.quoteFields === 'ALWAYS'
  const needsQuotes = (s: string) =>
    s.includes(fieldDelimiter) ||
    (quote !== '' && s.includes(quote)) ||
    s.includes(recordDelimiter) ||
    s.includes('\n') ||
    s.includes('\r')
  const field = (v: Value): string => {
    const s = toText(v)
    if (quote === '' || !(always || needsQuotes(s))) return s
    return quote + s.replaceAll(quote, escapedQuote) + quote
  }
  const line = (values: readonly Value[]) => values.map(field).join(fieldDelimiter) + recordDelimiter
  return {
    row: (_names, values) => line(values),
    whole: (value) =>
      line(
        Array.isArray(value)
          ? value
          : value !== null && typeof value === 'object'
            ? Object.values(value)
            : [value as Value],
      ),
  }
}

function jsonWriter(recordDelimiter: string): RecordWriter {
  return {
    row: (names, values) => {
      const record: Record<string, unknown> = {}
      // MISSING values leave their key out, as S3 does.
      for (let i = 0; i < names.length; i++)
        if (values[i] !== undefined) record[names[i]!] = toJsonValue(values[i])
      return JSON.stringify(record) + recordDelimiter
    },
    whole: (value) =>
      JSON.stringify(
        value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { _1: value },
      ) + recordDelimiter,
  }
}
