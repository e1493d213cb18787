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
}

/**
 * Yields parts 1, 2, … cut at the sizes `sizeOf` gives; the last part holds the rest. An empty
 * stream yields nothing.
 * @example
 * for await (const part of cutParts(iterateChunks(stream), () => 16 * 1024 ** 2)) await send(part)
 */
export async function* cutParts(chunks: AsyncIterable<Uint8Array>, sizeOf: PartSizeOf): AsyncGenerator<Part> {
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
      buffer ??= new Uint8Array(sizeOf(partNumber))
      const take = Math.min(chunk.byteLength, buffer.byteLength - filled)
      buffer.set(take === chunk.byteLength ? chunk : chunk.subarray(0, take), filled)
      filled += take
      chunk = chunk.subarray(take)
      if (filled === buffer.byteLength) {
        yield { partNumber, bytes: buffer }
        partNumber += 1
        buffer = undefined
        filled = 0
      }
    }
  }
  if (buffer !== undefined && filled > 0) yield { partNumber, bytes: buffer.subarray(0, filled) }
}
