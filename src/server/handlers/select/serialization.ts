import type { XmlElement } from '../../body/parse-xml-body.js'
import { S3ServerError } from '../../errors.js'
import type { CompressionType, CsvInput, CsvOutput, SelectRequest } from '../../select/index.js'
import { childBoolean, childCharacters, childChoice, childElement, childText } from './xml-fields.js'

/**
 * `InputSerialization` and `OutputSerialization` with S3's defaults for every omitted field
 * (S3 API reference, CSVInput / JSONInput / CSVOutput / JSONOutput): CSV input reads no header
 * (`FileHeaderInfo` NONE), records end at `\n`, fields at `,`, quotes are `"` escaped by `"`,
 * comment lines start with `#`, and a quoted record delimiter ends the record; CSV output quotes
 * fields only as needed; JSON records end at `\n`.
 */

const INPUT = 'InputSerialization'
const OUTPUT = 'OutputSerialization'
const COMPRESSIONS: readonly CompressionType[] = ['NONE', 'GZIP', 'BZIP2']

/**
 * Reads `InputSerialization`: exactly one of CSV and JSON (Parquet is NotImplemented), and the
 * compression.
 *
 * @example parseInputSerialization(doc.InputSerialization) // { compression: 'NONE', format: 'CSV', csv: {...} }
 */
export function parseInputSerialization(element: XmlElement): SelectRequest['input'] {
  const compression = childChoice(
    element,
    'CompressionType',
    INPUT,
    COMPRESSIONS,
    'NONE',
    'InvalidCompressionFormat',
  )
  const csv = childElement(element, 'CSV', INPUT)
  const json = childElement(element, 'JSON', INPUT)
  const parquet = childElement(element, 'Parquet', INPUT)
  const formats = [csv, json, parquet].filter((f) => f !== undefined).length
  if (formats > 1) {
    throw new S3ServerError(
      'ObjectSerializationConflict',
      `<${INPUT}> must name one format of CSV, JSON and Parquet.`,
    )
  }
  if (parquet) {
    throw new S3ServerError(
      'NotImplemented',
      'Silo does not implement S3 Select over Parquet objects; use CSV or JSON.',
    )
  }
  if (csv) return { compression, format: 'CSV', csv: parseCsvInput(csv) }
  if (json) {
    const type = childChoice(
      json,
      'Type',
      `${INPUT}/JSON`,
      ['DOCUMENT', 'LINES'] as const,
      'DOCUMENT',
      'InvalidJsonType',
    )
    return { compression, format: 'JSON', json: { type } }
  }
  throw new S3ServerError('InvalidDataSource', `<${INPUT}> must name a format: CSV, JSON or Parquet.`)
}

/**
 * Reads `OutputSerialization`: exactly one of CSV and JSON.
 *
 * @example parseOutputSerialization(doc.OutputSerialization) // { format: 'JSON', json: { recordDelimiter: '\n' } }
 */
export function parseOutputSerialization(element: XmlElement): SelectRequest['output'] {
  const csv = childElement(element, 'CSV', OUTPUT)
  const json = childElement(element, 'JSON', OUTPUT)
  if (csv && json) {
    throw new S3ServerError('ObjectSerializationConflict', `<${OUTPUT}> must name one format: CSV or JSON.`)
  }
  if (csv) return { format: 'CSV', csv: parseCsvOutput(csv) }
  if (json) {
    return {
      format: 'JSON',
      json: { recordDelimiter: childCharacters(json, 'RecordDelimiter', `${OUTPUT}/JSON`, '\n', 1, 2) },
    }
  }
  throw new S3ServerError('MissingRequiredParameter', `<${OUTPUT}> must name a format: CSV or JSON.`, {
    ArgumentName: OUTPUT,
  })
}

function parseCsvInput(csv: XmlElement): CsvInput {
  const where = `${INPUT}/CSV`
  const comments = childText(csv, 'Comments', where)
  if (comments !== undefined && [...comments].length > 1) {
    throw new S3ServerError(
      'InvalidRequestParameter',
      `<${where}><Comments> must be one character, not "${comments}".`,
      {
        ArgumentName: 'Comments',
        ArgumentValue: comments,
      },
    )
  }
  return {
    fileHeaderInfo: childChoice(
      csv,
      'FileHeaderInfo',
      where,
      ['USE', 'IGNORE', 'NONE'] as const,
      'NONE',
      'InvalidFileHeaderInfo',
    ),
    recordDelimiter: childCharacters(csv, 'RecordDelimiter', where, '\n', 1, 2),
    fieldDelimiter: childCharacters(csv, 'FieldDelimiter', where, ',', 1, 1),
    quoteCharacter: childCharacters(csv, 'QuoteCharacter', where, '"', 1, 1),
    quoteEscapeCharacter: childCharacters(csv, 'QuoteEscapeCharacter', where, '"', 1, 1),
    // An empty <Comments/> turns comment lines off; absent, S3's default `#` applies.
    ...(comments === '' ? {} : { comments: comments ?? '#' }),
    allowQuotedRecordDelimiter: childBoolean(csv, 'AllowQuotedRecordDelimiter', where, false),
  }
}

function parseCsvOutput(csv: XmlElement): CsvOutput {
  const where = `${OUTPUT}/CSV`
  return {
    quoteFields: childChoice(
      csv,
      'QuoteFields',
      where,
      ['ALWAYS', 'ASNEEDED'] as const,
      'ASNEEDED',
      'InvalidQuoteFields',
    ),
    recordDelimiter: childCharacters(csv, 'RecordDelimiter', where, '\n', 1, 2),
    fieldDelimiter: childCharacters(csv, 'FieldDelimiter', where, ',', 1, 1),
    quoteCharacter: childCharacters(csv, 'QuoteCharacter', where, '"', 1, 1),
    quoteEscapeCharacter: childCharacters(csv, 'QuoteEscapeCharacter', where, '"', 1, 1),
  }
}
