/**
 * Decoder of the AWS event stream a SelectObjectContent response is: messages of a 12-byte
 * prelude (total length, headers length, prelude CRC-32), headers, payload and a message CRC-32.
 * Both CRCs are checked; a damaged or truncated stream is a NetworkError (`ERR_EVENT_STREAM`).
 */
import { crc32 } from '../../../shared/crc32.js'
import { NetworkError } from '../../errors.js'

/** One decoded message: its string headers (`:message-type`, `:event-type`...) and payload. */
export interface EventMessage {
  headers: Record<string, string>
  payload: Uint8Array
}

const PRELUDE_BYTES = 12
const CRC_BYTES = 4
/** The largest message accepted: AWS's decoders stop at 16 MiB too; S3 sends far smaller ones. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024
const decoder = new TextDecoder()

/**
 * Splits a byte stream into event-stream messages, checking each one's CRCs.
 * @example
 * for await (const message of decodeEventStream(chunks)) console.log(message.headers[':event-type'])
 */
export async function* decodeEventStream(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<EventMessage> {
  const buffer = new ByteQueue()
  for await (const chunk of chunks) {
    buffer.push(chunk)
    for (let message = readMessage(buffer); message; message = readMessage(buffer)) yield message
  }
  if (buffer.length > 0) throw damaged(`the stream ended inside a message (${buffer.length} bytes left)`)
}

function readMessage(buffer: ByteQueue): EventMessage | undefined {
  if (buffer.length < PRELUDE_BYTES) return undefined
  const prelude = buffer.peek(PRELUDE_BYTES)
  const view = new DataView(prelude.buffer, prelude.byteOffset, PRELUDE_BYTES)
  const total = view.getUint32(0)
  const headersLength = view.getUint32(4)
  if (crc32(prelude.subarray(0, 8)) !== view.getUint32(8)) throw damaged('prelude CRC mismatch')
  if (total < PRELUDE_BYTES + CRC_BYTES + headersLength || total > MAX_MESSAGE_BYTES) {
    throw damaged(`impossible message length ${total} (headers ${headersLength})`)
  }
  if (buffer.length < total) return undefined
  const message = buffer.take(total)
  const expected = new DataView(message.buffer, message.byteOffset + total - CRC_BYTES, CRC_BYTES).getUint32(
    0,
  )
  if (crc32(message.subarray(0, total - CRC_BYTES)) !== expected) throw damaged('message CRC mismatch')
  return {
    headers: readHeaders(message.subarray(PRELUDE_BYTES, PRELUDE_BYTES + headersLength)),
    payload: message.subarray(PRELUDE_BYTES + headersLength, total - CRC_BYTES),
  }
}

// Sizes of the fixed-size header value types (0 true, 1 false, 2 byte, 3 short, 4 integer,
// 5 long, 8 timestamp, 9 uuid); 6 (bytes) and 7 (string) carry a u16 length.
const FIXED_SIZES: Record<number, number> = { 0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16 }

function readHeaders(bytes: Uint8Array): Record<string, string> {
  const headers: Record<string, string> = {}
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 0
  while (offset < bytes.length) {
    const nameLength = bytes[offset]!
    const name = decoder.decode(bytes.subarray(offset + 1, offset + 1 + nameLength))
    offset += 1 + nameLength
    if (offset >= bytes.length) throw damaged(`header ${name} has no value`)
    const type = bytes[offset++]!
    let size = FIXED_SIZES[type]
    if (size === undefined) {
      if (type !== 6 && type !== 7) throw damaged(`header ${name} has unknown type ${type}`)
      if (offset + 2 > bytes.length) throw damaged(`header ${name} is cut short`)
      size = view.getUint16(offset)
      offset += 2
    }
    if (offset + size > bytes.length) throw damaged(`header ${name} is cut short`)
    if (type === 7) headers[name] = decoder.decode(bytes.subarray(offset, offset + size))
    offset += size
  }
  return headers
}

function damaged(detail: string): NetworkError {
  return new NetworkError(`Invalid S3 Select event stream: ${detail}`, { code: 'ERR_EVENT_STREAM' })
}

/** Received bytes not yet decoded, kept as the chunks they came in (copied only to join). */
class ByteQueue {
  #chunks: Uint8Array[] = []
  length = 0

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return
    this.#chunks.push(chunk)
    this.length += chunk.length
  }

  /** The first `n` bytes (n ≤ length), left in the queue. */
  peek(n: number): Uint8Array {
    this.#join(n)
    return this.#chunks[0]!.subarray(0, n)
  }

  /** Removes and returns the first `n` bytes (n ≤ length). */
  take(n: number): Uint8Array {
    this.#join(n)
    const first = this.#chunks[0]!
    const taken = first.subarray(0, n)
    if (first.length === n) this.#chunks.shift()
    else this.#chunks[0] = first.subarray(n)
    this.length -= n
    return taken
  }

  // Makes the first chunk hold at least n bytes.
  #join(n: number): void {
    if (this.#chunks[0]!.length >= n) return
    const joined = new Uint8Array(n)
    let filled = 0
    while (filled < n) {
      const chunk = this.#chunks.shift()!
      const part = Math.min(chunk.length, n - filled)
      joined.set(chunk.subarray(0, part), filled)
      filled += part
      if (part < chunk.length) this.#chunks.unshift(chunk.subarray(part))
    }
    this.#chunks.unshift(joined)
  }
}
