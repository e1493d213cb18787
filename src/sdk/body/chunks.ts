/**
 * Byte-chunk helpers over the stream kinds uploads accept: Node / readable-stream Readables and other
 * async iterables, web ReadableStreams and Blobs.
 */
import { InvalidArgumentError } from '../errors.js'

/** Anything the SDK can read upload bytes from. */
export type ChunkSource = AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array> | Blob

const encoder = new TextEncoder()

/**
 * Iterates a source's bytes; strings (a Readable with `setEncoding`) become UTF-8.
 * @example
 * for await (const chunk of iterateChunks(blob)) total += chunk.byteLength
 */
export async function* iterateChunks(source: ChunkSource): AsyncGenerator<Uint8Array> {
  const iterable = isBlob(source) ? source.stream() : source
  if (Symbol.asyncIterator in iterable) {
    for await (const chunk of iterable as AsyncIterable<Uint8Array | string>) {
      yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk
    }
    return
  }
  // Some browsers' ReadableStream is not async-iterable yet.
  const reader = (iterable as ReadableStream<Uint8Array>).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

/**
 * Passes chunks through and fails when the total differs from the promised Content-Length, so a
 * short stream is a clear error instead of a hung request or a truncated object.
 * @example
 * for await (const c of checkLength(iterateChunks(stream), size)) socket.write(c)
 */
export async function* checkLength(
  chunks: AsyncIterable<Uint8Array>,
  length: number,
): AsyncGenerator<Uint8Array> {
  let seen = 0
  for await (const chunk of chunks) {
    seen += chunk.byteLength
    if (seen > length) throw sizeMismatch(length, `more than ${length}`)
    yield chunk
  }
  if (seen !== length) throw sizeMismatch(length, String(seen))
}

function sizeMismatch(expected: number, got: string): InvalidArgumentError {
  return new InvalidArgumentError(
    `Stream size mismatch: size was given as ${expected} bytes but the stream has ${got}`,
  )
}

/**
 * Whether a value is a Blob (or File).
 * @example
 * isBlob(new Blob(['x'])) // true
 */
export function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob
}
