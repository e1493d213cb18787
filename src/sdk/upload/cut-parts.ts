/**
 * Cuts a byte stream into multipart parts. Each part is copied once into a buffer of its size, and
 * the stream is read only when the consumer asks for the next part, so memory stays at the parts
 * in flight.
 */
import type { PartSizeOf } from './part-size.js'

/** One part, ready to upload. */
export interface Part {
  partNumber: number
  bytes: Uint8Array
  /** Hands the part's buffer back for a later part, once it is sent; absent for views of the caller's bytes. */
  release?: () => void
}

/**
 * Reuses part buffers: a sent part's buffer holds the next part, so memory stays at the parts in
 * flight instead of waiting for the garbage collector to free each 16 MiB buffer.
 * @example
 * const pool = new PartPool(); const buffer = pool.take(16 * 1024 * 1024)
 */
export class PartPool {
  readonly #free: Uint8Array[] = []

  /** A buffer of exactly `size` bytes, reused when one is free. */
  take(size: number): Uint8Array {
    const index = this.#free.findIndex((b) => b.byteLength === size)
    return index < 0 ? new Uint8Array(size) : this.#free.splice(index, 1)[0]!
  }

  /** Returns a buffer whose bytes are no longer needed. */
  give(buffer: Uint8Array): void {
    // A few spares are enough: parts in flight are bounded by the upload's concurrency.
    if (this.#free.length < 8) this.#free.push(buffer)
  }
}

/**
 * Yields parts 1, 2, … cut at the sizes `sizeOf` gives; the last part holds the rest. An empty
 * stream yields nothing.
 * @example
 * for await (const part of cutParts(iterateChunks(stream), () => 16 * 1024 ** 2)) await send(part)
 */
export async function* cutParts(
  chunks: AsyncIterable<Uint8Array>,
  sizeOf: PartSizeOf,
  pool: PartPool = new PartPool(),
): AsyncGenerator<Part> {
  let partNumber = 1
  // Allocated when the first byte of a part arrives, so a stream ending on a part boundary
  // neither allocates nor asks the schedule for a part that will not exist.
  let buffer: Uint8Array | undefined
  let filled = 0
  for await (let chunk of chunks) {
    while (chunk.byteLength > 0) {
      if (buffer === undefined && chunk.byteLength >= sizeOf(partNumber)) {
        // A whole part inside one chunk (a Buffer upload): hand out a view, no copy.
        const size = sizeOf(partNumber)
        yield { partNumber, bytes: chunk.subarray(0, size) }
        partNumber += 1
        chunk = chunk.subarray(size)
        continue
      }
      buffer ??= pool.take(sizeOf(partNumber))
      const take = Math.min(chunk.byteLength, buffer.byteLength - filled)
      buffer.set(take === chunk.byteLength ? chunk : chunk.subarray(0, take), filled)
      filled += take
      chunk = chunk.subarray(take)
      if (filled === buffer.byteLength) {
        yield { partNumber, bytes: buffer, release: giveBack(pool, buffer) }
        partNumber += 1
        buffer = undefined
        filled = 0
      }
    }
  }
  if (buffer !== undefined && filled > 0) {
    yield { partNumber, bytes: buffer.subarray(0, filled), release: giveBack(pool, buffer) }
  }
}

function giveBack(pool: PartPool, buffer: Uint8Array): () => void {
  return () => pool.give(buffer)
}
