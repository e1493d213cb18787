import { type Options, parse } from 'csv-parse'
import { MAX_RECORD_SIZE } from '../limits.js'
import { selectError } from '../select-error.js'
import type { CsvInput } from '../types.js'

/**
 * csv-parse's options for S3's CSV input settings (the engine reads CSV with its own
 * tokenizer, csv-tokenizer.ts, which has these semantics; csv-parse checks the settings and is
 * the reference the tokenizer's property test compares against): quotes may hold field
 * delimiters (and record delimiters, refused unless AllowQuotedRecordDelimiter), a `\n` record delimiter also ends CRLF lines, a
 * comment character counts only at the start of a row, empty lines are skipped, and a quote
 * inside an unquoted field is kept as text (lenient, as S3 is).
 */
export function csvParseOptions(csv: CsvInput): Options {
  return {
    delimiter: csv.fieldDelimiter,
    record_delimiter: csv.recordDelimiter === '\n' ? ['\r\n', '\n'] : [csv.recordDelimiter],
    quote: csv.quoteCharacter === '' ? false : csv.quoteCharacter,
    escape: csv.quoteEscapeCharacter === '' ? csv.quoteCharacter || false : csv.quoteEscapeCharacter,
    ...(csv.comments ? { comment: csv.comments, comment_no_infix: true } : {}),
    relax_column_count: true,
    relax_quotes: true,
    // Empty lines come out as [''] (the tokenizer drops them too).
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_SIZE,
    bom: true,
  }
}

/** Checks that csv-parse accepts the settings, before any byte is read. */
export function checkCsvInput(csv: CsvInput): void {
  try {
    parse(csvParseOptions(csv))
  } catch (e) {
    throw selectError(
      'InvalidRequestParameter',
      `The CSV input settings are not valid: ${(e as Error).message}`,
    )
  }
}
