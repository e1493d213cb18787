import { toJsonValue, toText, type Value } from '../eval/values.js'
import { MAX_RECORD_SIZE } from '../limits.js'
import { selectError } from '../select-error.js'
import type { SelectRequest } from '../types.js'

/** Counts an output record's characters as it is written; past 1 MiB it is OverMaxRecordSize, as in S3. */
function checkSize(size: number): void {
  if (size > MAX_RECORD_SIZE) {
    throw selectError('OverMaxRecordSize', `An output record is longer than ${MAX_RECORD_SIZE} characters.`)
  }
}

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
  const line = (values: readonly Value[]) => {
    let size = 0
    const fields = values.map((v) => {
      const text = field(v)
      size += text.length + 1
      checkSize(size)
      return text
    })
    return fields.join(fieldDelimiter) + recordDelimiter
  }
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
      // Each value is serialized on its own so a record is measured as it grows; a name given
      // twice keeps its last value, as assigning to an object would.
      const members = new Map<string, string>()
      let size = 0
      for (let i = 0; i < names.length; i++) {
        // MISSING values leave their key out, as S3 does.
        if (values[i] === undefined) continue
        const text = JSON.stringify(toJsonValue(values[i]))
        size += text.length + names[i]!.length + 4
        checkSize(size)
        members.set(names[i]!, text)
      }
      const body = [...members].map(([name, text]) => `${JSON.stringify(name)}:${text}`).join(',')
      return `{${body}}${recordDelimiter}`
    },
    whole: (value) =>
      JSON.stringify(
        value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { _1: value },
      ) + recordDelimiter,
  }
}
