/**
 * SelectObjectContent: `POST /bucket/key?select&select-type=2` with a SelectObjectContentRequest
 * document; the answer is an event stream (decode-event-stream.ts) gathered into SelectResults.
 */
import { iterateChunks } from '../../body/chunks.js'
import { NetworkError, S3Error } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import { escapeXml } from '../../transport/xml.js'
import { assertBucketName, assertObjectName } from '../../validate.js'
import { decodeEventStream } from './decode-event-stream.js'
import type { SelectOptions } from './select-options.js'
import { SelectResults } from './select-results.js'

const decoder = new TextDecoder()
const encoder = new TextEncoder()

/**
 * Runs an S3 Select query and resolves once the server's End message arrives, with every record,
 * the Stats and the last Progress. An error message in the stream rejects with an `S3Error` of
 * its code (statusCode 200: the response had started); a damaged stream with a NetworkError.
 * @example
 * const results = await selectObjectContent(transport, 'logs', 'a.csv', { expression: 'SELECT * FROM S3Object', inputSerialization: { CSV: {} }, outputSerialization: { CSV: {} } })
 */
export async function selectObjectContent(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  selectOpts: unknown,
): Promise<SelectResults> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const options = checkSelectOptions(selectOpts)
  const body = encoder.encode(selectRequestXml(options))
  return t.call(
    { method: 'POST', bucket: bucketName, key: objectName, query: { select: '', 'select-type': '2' }, body },
    async (res) => readSelectResults(iterateChunks(await res.stream()), bucketName, objectName),
  )
}

// minio-js's checks and messages (TypeError), so code that catches them behaves the same.
function checkSelectOptions(value: unknown): SelectOptions {
  if (!isNonEmptyObject(value)) throw new TypeError('valid select configuration is required')
  const options = value as Partial<SelectOptions>
  if (typeof options.expression !== 'string') throw new TypeError('sqlExpression should be of type "string"')
  if (!isNonEmptyObject(options.inputSerialization)) {
    if (options.inputSerialization === undefined || isEmpty(options.inputSerialization)) {
      throw new TypeError('inputSerialization is required')
    }
    throw new TypeError('inputSerialization should be of type "object"')
  }
  if (!isNonEmptyObject(options.outputSerialization)) {
    if (options.outputSerialization === undefined || isEmpty(options.outputSerialization)) {
      throw new TypeError('outputSerialization is required')
    }
    throw new TypeError('outputSerialization should be of type "object"')
  }
  return options as SelectOptions
}

function isNonEmptyObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !isEmpty(value)
}

// lodash's isEmpty as minio-js applies it: null, '', and objects without own keys are empty.
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.keys(value).length === 0
  return true
}

/**
 * The request document, elements in minio-js's order: Expression, ExpressionType,
 * InputSerialization, OutputSerialization, then RequestProgress and ScanRange when given. The
 * serializations are written as given (their keys are S3's element names).
 */
function selectRequestXml(options: SelectOptions): string {
  const parts = [
    element('Expression', options.expression),
    element('ExpressionType', options.expressionType || 'SQL'),
    element('InputSerialization', options.inputSerialization),
    element('OutputSerialization', options.outputSerialization),
  ]
  if (options.requestProgress) parts.push(element('RequestProgress', options.requestProgress))
  if (options.scanRange) parts.push(element('ScanRange', options.scanRange))
  return `<SelectObjectContentRequest>${parts.join('')}</SelectObjectContentRequest>`
}

function element(name: string, value: unknown): string {
  if (value === undefined || value === null) return ''
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('')
  if (typeof value === 'object') {
    const children = Object.entries(value).map(([child, inner]) => element(child, inner))
    return `<${name}>${children.join('')}</${name}>`
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`
}

async function readSelectResults(
  chunks: AsyncIterable<Uint8Array>,
  bucketName: string,
  key: string,
): Promise<SelectResults> {
  const raw: Uint8Array[] = []
  const records: Uint8Array[] = []
  const results = new SelectResults({})
  const kept = keepRaw(chunks, raw)
  for await (const { headers, payload } of decodeEventStream(kept)) {
    if (headers[':message-type'] === 'error') {
      const code = headers[':error-code'] ?? 'InternalError'
      throw new S3Error(headers[':error-message'] ?? code, { code, statusCode: 200, bucketName, key })
    }
    const type = headers[':event-type']
    if (type === 'Records') records.push(payload)
    else if (type === 'Stats') results.setStats(decoder.decode(payload))
    else if (type === 'Progress') results.setProgress(decoder.decode(payload))
    else if (type === 'End') {
      results.setRecords(joinBytes(records))
      results.setResponse(joinBytes(raw))
      return results
    }
    // Cont (keep-alive) and event types added later carry nothing to keep.
  }
  throw new NetworkError('The S3 Select response ended before its End message', { code: 'ERR_EVENT_STREAM' })
}

async function* keepRaw(chunks: AsyncIterable<Uint8Array>, raw: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    raw.push(chunk)
    yield chunk
  }
}

/** Joins byte arrays: a Buffer where the runtime has one (so `toString()` is the text, as in minio-js). */
function joinBytes(parts: Uint8Array[]): Uint8Array {
  const NodeBuffer = (globalThis as { Buffer?: { concat(list: Uint8Array[]): Uint8Array } }).Buffer
  if (NodeBuffer) return NodeBuffer.concat(parts)
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    joined.set(part, offset)
    offset += part.length
  }
  return joined
}
