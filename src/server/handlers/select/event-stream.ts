import { crc32 } from '../../crc32.js'
import type { SelectStats } from '../../select/index.js'

/**
 * The AWS event-stream framing of a SelectObjectContent response. One message:
 *
 * ```
 * u32 BE  total length (prelude + headers + payload + message CRC)
 * u32 BE  headers length
 * u32 BE  CRC-32 of the 8 bytes above (prelude CRC)
 * headers: per header u8 name length, name, u8 value type (7: string), u16 BE value length, value
 * payload
 * u32 BE  CRC-32 of everything before it (message CRC)
 * ```
 */

const PRELUDE_BYTES = 12
const CRC_BYTES = 4
const STRING_TYPE = 7
const MAX_ERROR_MESSAGE = 4096
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'

/** One message header: a name (`:event-type`) and its string value. */
export type EventHeader = readonly [name: string, value: string]

/**
 * Encodes one event-stream message.
 *
 * @example encodeMessage([[':message-type', 'event'], [':event-type', 'End']])
 */
export function encodeMessage(
  headers: readonly EventHeader[],
  payload: Uint8Array = new Uint8Array(0),
): Buffer {
  const encoded = headers.map(
    ([name, value]) => [Buffer.from(name, 'utf8'), Buffer.from(value, 'utf8')] as const,
  )
  const headersLength = encoded.reduce((sum, [name, value]) => sum + 4 + name.length + value.length, 0)
  const total = PRELUDE_BYTES + headersLength + payload.length + CRC_BYTES
  const message = Buffer.allocUnsafe(total)
  message.writeUInt32BE(total, 0)
  message.writeUInt32BE(headersLength, 4)
  message.writeUInt32BE(crc32(message.subarray(0, 8)), 8)
  let offset = PRELUDE_BYTES
  for (const [name, value] of encoded) {
    offset = message.writeUInt8(name.length, offset)
    offset += name.copy(message, offset)
    offset = message.writeUInt8(STRING_TYPE, offset)
    offset = message.writeUInt16BE(value.length, offset)
    offset += value.copy(message, offset)
  }
  message.set(payload, offset)
  offset += payload.length
  message.writeUInt32BE(crc32(message.subarray(0, offset)), offset)
  return message
}

function event(type: string, contentType?: string, payload?: Uint8Array): Buffer {
  const headers: EventHeader[] = [[':event-type', type]]
  if (contentType !== undefined) headers.push([':content-type', contentType])
  headers.push([':message-type', 'event'])
  return encodeMessage(headers, payload)
}

/**
 * A Records message carrying output record bytes.
 *
 * @example res.write(recordsMessage(Buffer.from('a,b\n')))
 */
export function recordsMessage(records: Uint8Array): Buffer {
  return event('Records', 'application/octet-stream', records)
}

/** A Cont message: no data, sent to keep the connection alive while the scan finds nothing. */
export function contMessage(): Buffer {
  return event('Cont')
}

/** An End message: the query finished and every record was sent. */
export function endMessage(): Buffer {
  return event('End')
}

/** A Progress message (RequestProgress enabled): the counters so far. */
export function progressMessage(stats: SelectStats): Buffer {
  return event('Progress', 'text/xml', Buffer.from(countersXml('Progress', stats), 'utf8'))
}

/** The Stats message sent once, before End: the final counters. */
export function statsMessage(stats: SelectStats): Buffer {
  return event('Stats', 'text/xml', Buffer.from(countersXml('Stats', stats), 'utf8'))
}

/**
 * An error message: the query failed after the response started, so the error travels in the
 * stream (S3 ends the stream with it; no End follows).
 *
 * @example res.end(errorMessage('CSVParsingError', 'An error occurred while parsing the CSV file.'))
 */
export function errorMessage(code: string, message: string): Buffer {
  return encodeMessage([
    [':error-code', code],
    // A header value holds at most 65,535 bytes; messages are a sentence, but never overflow.
    [
      ':error-message',
      message.length > MAX_ERROR_MESSAGE ? `${message.slice(0, MAX_ERROR_MESSAGE)}...` : message,
    ],
    [':message-type', 'error'],
  ])
}

function countersXml(root: 'Progress' | 'Stats', stats: SelectStats): string {
  return (
    `${XML_DECLARATION}<${root}><BytesScanned>${stats.bytesScanned}</BytesScanned>` +
    `<BytesProcessed>${stats.bytesProcessed}</BytesProcessed>` +
    `<BytesReturned>${stats.bytesReturned}</BytesReturned></${root}>`
  )
}
