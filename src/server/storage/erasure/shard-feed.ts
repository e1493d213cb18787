/**
 * The body one drive receives during an erasure write: the producer pushes shard chunks, the
 * drive pulls them as an ordinary request body (StorageDrive.writeShard). More than a queue:
 * backpressure both ways. `push` waits while the drive is `highWater` chunks behind, and a drive
 * that failed (it stopped pulling) drops chunks instead of blocking the others.
 */
export class ShardFeed implements AsyncIterable<Uint8Array> {
  #queue: Uint8Array[] = []
  #ended = false
  #failure: unknown
  #dead = false
  #wakeConsumer: (() => void) | undefined
  #wakeProducer: (() => void) | undefined

  constructor(readonly highWater = 8) {}

  /** Queues chunks; resolves once the drive is close enough behind. */
  async push(...chunks: Uint8Array[]): Promise<void> {
    if (this.#dead) return
    this.#queue.push(...chunks)
    this.#wake()
    while (!this.#dead && this.#queue.length > this.highWater) {
      await new Promise<void>((resolve) => {
        this.#wakeProducer = resolve
      })
    }
  }

  /** No more chunks: the drive's body ends once drained. */
  end(): void {
    this.#ended = true
    this.#wake()
  }

  /** The drive's write gave up (maybe before pulling anything): drop what is queued and later pushes. */
  abandon(): void {
    this.#dead = true
    this.#queue = []
    this.#wakeProducer?.()
  }

  /** Fails the drive's body (the write as a whole failed): the drive stores nothing. */
  fail(error: unknown): void {
    this.#failure = error
    this.#ended = true
    this.#wake()
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    try {
      while (true) {
        if (this.#failure !== undefined) throw this.#failure
        const chunk = this.#queue.shift()
        if (chunk) {
          this.#wakeProducer?.()
          yield chunk
          continue
        }
        if (this.#ended) return
        await new Promise<void>((resolve) => {
          this.#wakeConsumer = resolve
        })
      }
    } finally {
      // The drive stopped pulling (done, or failed): nobody may wait on it any more.
      this.abandon()
    }
  }

  #wake(): void {
    const wake = this.#wakeConsumer
    this.#wakeConsumer = undefined
    wake?.()
  }
}
