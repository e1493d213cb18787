/**
 * The body one drive receives during an erasure write: the producer pushes shard chunks, the
 * drive's store pulls them as an ordinary request body. Two things make it more than a queue:
 *
 * - Backpressure both ways: `push` waits while the drive is `highWater` chunks behind, and a
 *   drive that failed (its store stopped pulling) drops chunks instead of blocking the others.
 * - A commit barrier: after the last chunk the drive's pull waits on `end(barrier)`. Every drive
 *   has then written (and synced) all its bytes but committed nothing; the writer resolves the
 *   barrier only when enough drives got there (write quorum), and rejects it otherwise, which
 *   makes every drive discard its write. So a write below quorum stores nothing anywhere.
 */
export class ShardFeed implements AsyncIterable<Uint8Array> {
  #queue: Uint8Array[] = []
  #ended = false
  #barrier: Promise<void> | undefined
  #failure: unknown
  #dead = false
  #wakeConsumer: (() => void) | undefined
  #wakeProducer: (() => void) | undefined
  #reachedEnd: (() => void) | undefined
  /** Resolves when the drive has pulled every chunk and waits at the barrier, or has died. */
  readonly atBarrier: Promise<void>

  constructor(readonly highWater = 8) {
    this.atBarrier = new Promise((resolve) => {
      this.#reachedEnd = resolve
    })
  }

  /** Whether the drive stopped pulling (its write failed). */
  get dead(): boolean {
    return this.#dead
  }

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

  /** No more chunks: once drained, the drive waits for `barrier` before finishing its body. */
  end(barrier: Promise<void>): void {
    this.#ended = true
    this.#barrier = barrier
    this.#wake()
  }

  /** The drive's store gave up (maybe before pulling anything): drop what is queued and later pushes. */
  abandon(): void {
    this.#dead = true
    this.#queue = []
    this.#reachedEnd?.()
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
        if (this.#ended) {
          this.#reachedEnd?.()
          await this.#barrier
          if (this.#failure !== undefined) throw this.#failure
          return
        }
        await new Promise<void>((resolve) => {
          this.#wakeConsumer = resolve
        })
      }
    } finally {
      // Reached on success too, after the barrier: by then nobody pushes any more.
      this.#dead = true
      this.#queue = []
      this.#reachedEnd?.()
      this.#wakeProducer?.()
    }
  }

  #wake(): void {
    const wake = this.#wakeConsumer
    this.#wakeConsumer = undefined
    wake?.()
  }
}
