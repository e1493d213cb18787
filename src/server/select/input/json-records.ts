import { MAX_RECORD_SIZE } from '../limits.js'
import { selectError } from '../select-error.js'

/**
 * How deep a record's objects and arrays may nest. JSON.parse takes any depth, but writing the
 * record back (JSON.stringify) and comparing values recurse once per level.
 */
const MAX_JSON_DEPTH = 1000

/** One JSON record and the offset of its first byte in the stream. */
export interface JsonRecord {
  value: unknown
  start: number
}

const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09
}

function isStructural(b: number): boolean {
  return (
    isSpace(b) ||
    b === COMMA ||
    b === OPEN_BRACE ||
    b === CLOSE_BRACE ||
    b === OPEN_BRACKET ||
    b === CLOSE_BRACKET ||
    b === QUOTE
  )
}

/**
 * The top-level JSON values of a byte stream (a DOCUMENT, concatenated documents, or LINES),
 * found by a byte scanner that tracks nesting and strings and then parsed one at a time with
 * JSON.parse, so memory holds one record (at most 1 MiB, S3's maxCharsPerRecord). With
 * `unwrapArrays` (FROM S3Object[*]) a top-level array yields its elements one by one, so an
 * array of any size streams too.
 */
export async function* readJsonRecords(
  input: AsyncIterable<Uint8Array>,
  unwrapArrays: boolean,
): AsyncGenerator<JsonRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let offset = 0
  let parts: Uint8Array[] = []
  let size = 0
  let inRecord = false
  let recordStart = 0
  let depth = 0
  let inString = false
  let escaped = false
  let scalar = false
  let inWrapper = false

  const finish = (chunk: Uint8Array, from: number, to: number): JsonRecord => {
    parts.push(chunk.subarray(from, to))
    size += to - from
    if (size > MAX_RECORD_SIZE) throw tooLarge(recordStart)
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
    parts = []
    size = 0
    inRecord = false
    let text: string
    try {
      text = decoder.decode(bytes)
    } catch {
      throw selectError('InvalidTextEncoding', `The JSON record at byte ${recordStart} is not UTF-8.`)
    }
    try {
      return { value: JSON.parse(text), start: recordStart }
    } catch (e) {
      throw selectError(
        'JSONParsingError',
        `The JSON record at byte ${recordStart} is not valid: ${(e as Error).message}`,
      )
    }
  }

  for await (const chunk of input) {
    let from = 0
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!
      if (!inRecord) {
        if (isSpace(b)) continue
        if (inWrapper && (b === COMMA || b === CLOSE_BRACKET)) {
          if (b === CLOSE_BRACKET) inWrapper = false
          continue
        }
        if (unwrapArrays && !inWrapper && b === OPEN_BRACKET) {
          inWrapper = true
          continue
        }
        if (b === CLOSE_BRACE || b === CLOSE_BRACKET || b === COMMA) {
          throw selectError(
            'JSONParsingError',
            `Unexpected '${String.fromCharCode(b)}' at byte ${offset + i} of the JSON input.`,
          )
        }
        inRecord = true
        recordStart = offset + i
        from = i
        depth = b === OPEN_BRACE || b === OPEN_BRACKET ? 1 : 0
        inString = b === QUOTE
        scalar = depth === 0 && !inString
        continue
      }
      if (inString) {
        if (escaped) escaped = false
        else if (b === BACKSLASH) escaped = true
        else if (b === QUOTE) {
          inString = false
          if (depth === 0) yield finish(chunk, from, i + 1)
        }
      } else if (scalar) {
        if (isStructural(b)) {
          yield finish(chunk, from, i)
          i--
        }
      } else if (b === QUOTE) inString = true
      else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
        if (++depth > MAX_JSON_DEPTH) {
          throw selectError(
            'JSONParsingError',
            `The JSON record at byte ${recordStart} nests deeper than ${MAX_JSON_DEPTH} levels.`,
          )
        }
      } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        if (--depth === 0) yield finish(chunk, from, i + 1)
      }
    }
    if (inRecord) {
      parts.push(chunk.subarray(from))
      size += chunk.length - from
      if (size > MAX_RECORD_SIZE) throw tooLarge(recordStart)
    }
    offset += chunk.length
  }
  if (inRecord && scalar) yield finish(new Uint8Array(0), 0, 0)
  else if (inRecord || inWrapper) {
    throw selectError(
      'JSONParsingError',
      `The JSON input ends inside the value that starts at byte ${recordStart}.`,
    )
  }
}

function tooLarge(start: number) {
  return selectError(
    'OverMaxRecordSize',
    `The JSON record at byte ${start} is longer than ${MAX_RECORD_SIZE} bytes.`,
  )
}
