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

  /** Exactly `length` bytes, or a rejection when the stream ends first. */
  async read(length: number): Promise<Buffer> {
    while (this.#heldBytes < length) {
      const step = await this.#iterator.next()
      if (step.done) throw new Error(`shard stream ended ${length - this.#heldBytes} bytes short`)
      const chunk = Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength)
      this.#held.push(chunk)
      this.#heldBytes += chunk.length
    }
    const whole = this.#held.length === 1 ? this.#held[0]! : Buffer.concat(this.#held, this.#heldBytes)
    const out = whole.subarray(0, length)
    const rest = whole.subarray(length)
    this.#held = rest.length > 0 ? [rest] : []
    this.#heldBytes = rest.length
    return out
  }

  /** Stops reading and releases the drive's file. */
  close(): void {
    this.#source?.destroy()
    this.#iterator.return?.().catch(() => {})
  }
}
