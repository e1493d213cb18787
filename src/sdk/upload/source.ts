/**
 * What putObject accepts, sorted into bytes in memory, a Blob, or a stream.
 */
import { type ChunkSource, isBlob } from '../body/chunks.js'
import { InvalidArgumentError } from '../errors.js'

/**
 * Upload data: bytes (Buffer, Uint8Array, string as UTF-8), a Blob / File, or a stream (Node or
 * `readable-stream` Readable, web ReadableStream, any async iterable of bytes).
 * @example
 * await client.putObject('photos', 'a.txt', 'hello')
 */
export type UploadData =
  | string
  | Uint8Array
  | Blob
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>

/** Upload data sorted by how it is sent. */
export type UploadSource =
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'blob'; blob: Blob }
  | { kind: 'stream'; stream: ChunkSource }

const encoder = new TextEncoder()

/**
 * Sorts upload data; strings are encoded to UTF-8 here, so lengths are bytes, not UTF-16 units.
 * @example
 * toUploadSource('héllo') // { kind: 'bytes', bytes: Uint8Array(6) }
 */
export function toUploadSource(data: unknown): UploadSource {
  if (typeof data === 'string') return { kind: 'bytes', bytes: encoder.encode(data) }
  if (data instanceof Uint8Array) return { kind: 'bytes', bytes: data }
  if (data instanceof ArrayBuffer) return { kind: 'bytes', bytes: new Uint8Array(data) }
  if (isBlob(data)) return { kind: 'blob', blob: data }
  if (isStream(data)) return { kind: 'stream', stream: data }
  throw new InvalidArgumentError(
    `Invalid data: putObject takes a string, Buffer, Uint8Array, Blob or readable stream, got ${data === null ? 'null' : typeof data}`,
  )
}

function isStream(data: unknown): data is ChunkSource {
  if (typeof data !== 'object' || data === null) return false
  if (Symbol.asyncIterator in data) return true
  return typeof (data as ReadableStream).getReader === 'function'
}

/**
 * Validates the optional `size` argument.
 * @example
 * optionalSize(1024) // 1024
 */
export function optionalSize(size: unknown): number | undefined {
  if (size === undefined || size === null) return undefined
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw new InvalidArgumentError(
      `Invalid size: must be a non-negative integer number of bytes, got ${String(size)}`,
    )
  }
  return size
}
