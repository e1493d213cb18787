import type { XmlElement } from '../../body/parse-xml-body.js'
import { S3ServerError } from '../../errors.js'
import type { SelectRequest } from '../../select/index.js'
import { parseInputSerialization, parseOutputSerialization } from './serialization.js'
import { childBoolean, childElement, childText } from './xml-fields.js'

/** A SelectObjectContentRequest, read: what the engine runs and how the stream reports. */
export interface SelectObjectContentInput {
  request: SelectRequest
  /** `RequestProgress/Enabled`: send Progress messages. */
  progress: boolean
}

const ROOT = 'SelectObjectContentRequest'
/** S3's limit on the SQL expression (ExpressionTooLong past it). */
const MAX_EXPRESSION_BYTES = 256 * 1024

/**
 * Reads the content of a `SelectObjectContentRequest` document as S3 does: `Expression`,
 * `ExpressionType` (SQL), `InputSerialization` and `OutputSerialization` are required
 * (MissingRequiredParameter naming the one missing); `RequestProgress` and `ScanRange` are
 * optional. The SQL itself is the engine's to check (compileSelect).
 *
 * @example parseSelectRequest(await readXmlDocument(args, 'SelectObjectContentRequest', limits))
 */
export function parseSelectRequest(doc: XmlElement): SelectObjectContentInput {
  const expression = childText(doc, 'Expression', ROOT)
  if (expression === undefined || expression.trim() === '') throw missing('Expression')
  if (Buffer.byteLength(expression, 'utf8') > MAX_EXPRESSION_BYTES) {
    throw new S3ServerError('ExpressionTooLong', undefined, { ArgumentName: 'Expression' })
  }
  const expressionType = childText(doc, 'ExpressionType', ROOT)?.trim()
  if (expressionType === undefined || expressionType === '') throw missing('ExpressionType')
  if (expressionType.toUpperCase() !== 'SQL') {
    throw new S3ServerError('InvalidExpressionType', `ExpressionType must be SQL, not "${expressionType}".`, {
      ArgumentName: 'ExpressionType',
      ArgumentValue: expressionType,
    })
  }
  const input = childElement(doc, 'InputSerialization', ROOT)
  if (!input) throw missing('InputSerialization')
  const output = childElement(doc, 'OutputSerialization', ROOT)
  if (!output) throw missing('OutputSerialization')
  const progress = childElement(doc, 'RequestProgress', ROOT)
  const scanRange = parseScanRange(childElement(doc, 'ScanRange', ROOT))
  return {
    request: {
      expression,
      input: parseInputSerialization(input),
      output: parseOutputSerialization(output),
      ...(scanRange ? { scanRange } : {}),
    },
    progress: progress ? childBoolean(progress, 'Enabled', 'RequestProgress', false) : false,
  }
}

/**
 * `ScanRange`: `Start` and `End` are optional non-negative byte offsets, End inclusive (S3 reads
 * `End` alone as the last `End` bytes; the engine's readRange resolves that against the object's
 * size). Start past End is InvalidRequestParameter.
 */
function parseScanRange(element: XmlElement | undefined): SelectRequest['scanRange'] {
  if (!element) return undefined
  const start = readOffset(element, 'Start')
  const end = readOffset(element, 'End')
  if (start !== undefined && end !== undefined && start > end) {
    throw new S3ServerError(
      'InvalidRequestParameter',
      `ScanRange Start (${start}) must not be past End (${end}).`,
      {
        ArgumentName: 'ScanRange',
      },
    )
  }
  if (start === undefined && end === undefined) return undefined
  return { ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) }
}

function readOffset(element: XmlElement, name: 'Start' | 'End'): number | undefined {
  const text = childText(element, name, 'ScanRange')?.trim()
  if (text === undefined || text === '') return undefined
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(value)) {
    throw new S3ServerError(
      'InvalidRequestParameter',
      `ScanRange ${name} must be a non-negative integer, not "${text}".`,
      {
        ArgumentName: `ScanRange.${name}`,
        ArgumentValue: text,
      },
    )
  }
  return value
}

function missing(name: string): S3ServerError {
  return new S3ServerError(
    'MissingRequiredParameter',
    `The SelectObjectContentRequest must have <${name}>.`,
    {
      ArgumentName: name,
    },
  )
}
