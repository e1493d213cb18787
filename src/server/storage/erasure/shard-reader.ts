import type { Readable } from 'node:stream'

/**
 * Reads exact byte counts from a drive's shard stream: one shard block (hash + shard) at a time.
 * A short stream or a stream error makes `read` reject; the caller then treats the drive's
 * shard as lost and reads another drive instead.
 */
export class ShardReader {
  #iterator: AsyncIterator<Uint8Array>
  #held: Buffer[] = []
  #heldBytes = 0
  #source: Readable | undefined

  constructor(source: Readable | AsyncIterable<Uint8Array>) {
    this.#iterator = source[Symbol.asyncIterator]()
    if (typeof (source as Readable).destroy === 'function') this.#source = source as Readable
  }

  /**
   * Exactly `length` bytes, or a rejection when the stream ends first. A view of the stream's
   * chunk when they lie in one; else a copy of just those bytes (not of the chunks they span: a
   * drive reads 1 MiB at a time, and copying the whole chunk each time a block straddles two
   * copied every byte of a GET once more).
   */
  async read(length: number): Promise<Buffer> {
    if (length === 0) return Buffer.alloc(0)
    while (this.#heldBytes < length) {
      const step = await this.#iterator.next()
      if (step.done) throw new Error(`shard stream ended ${length - this.#heldBytes} bytes short`)
      const chunk = Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength)
      this.#held.push(chunk)
      this.#heldBytes += chunk.length
    }
    this.#heldBytes -= length
    const first = this.#held[0]!
    if (first.length >= length) return this.#take(first, length)
    const out = Buffer.allocUnsafe(length)
    let at = 0
    while (at < length) {
      const chunk = this.#take(this.#held[0]!, length - at)
      out.set(chunk, at)
      at += chunk.length
    }
    return out
  }

  /** Up to `length` bytes from the head of `chunk` (the first held), which keeps the rest. */
  #take(chunk: Buffer, length: number): Buffer {
    if (chunk.length <= length) {
      this.#held.shift()
      return chunk
    }
    this.#held[0] = chunk.subarray(length)
    return chunk.subarray(0, length)
  }

  /** Stops reading and releases the drive's file. */
  close(): void {
    this.#source?.destroy()
    this.#iterator.return?.().catch(() => {})
  }
}
