import type { WholeShardBody } from '../storage-drive.js'

/**
 * The body one drive receives during an erasure write: the producer pushes shard chunks, the
 * drive pulls them as an ordinary request body (StorageDrive.writeShard), or takes them whole
 * when few (WholeShardBody). More than a queue: backpressure both ways. `push` waits while the
 * drive is `highWater` chunks behind, and a drive that failed (it stopped pulling) drops chunks
 * instead of blocking the others.
 */
export class ShardFeed implements WholeShardBody {
  #queue: Uint8Array[] = []
  #queuedBytes = 0
  #ended = false
  #failure: unknown
  #dead = false
  #wakeConsumer: (() => void) | undefined
  #wakeProducer: (() => void) | undefined
  #wholeWaiter: { limit: number; resolve: (chunks: Uint8Array[] | undefined) => void } | undefined

  /** `expectedBytes`: how many bytes the body will hold, when known (the shard file's size). */
  constructor(
    readonly highWater = 8,
    readonly expectedBytes?: number,
  ) {}

  /** Queues chunks; resolves once the drive is close enough behind. */
  async push(...chunks: Uint8Array[]): Promise<void> {
    if (this.#dead) return
    this.#queue.push(...chunks)
    for (const chunk of chunks) this.#queuedBytes += chunk.byteLength
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
    this.#queuedBytes = 0
    this.#wakeProducer?.()
    this.#settleWhole()
  }

  /** Fails the drive's body (the write as a whole failed): the drive stores nothing. */
  fail(error: unknown): void {
    this.#failure = error
    this.#ended = true
    this.#wake()
  }

  whole(limit: number): Promise<Uint8Array[] | undefined> {
    if (this.#wholeWaiter) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      this.#wholeWaiter = { limit, resolve }
      this.#settleWhole()
    })
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    try {
      while (true) {
        if (this.#failure !== undefined) throw this.#failure
        const chunk = this.#queue.shift()
        if (chunk) {
          this.#queuedBytes -= chunk.byteLength
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
    this.#settleWhole()
  }

  /** Answers a whole() waiting, once the body ended or is known to be too big for it. */
  #settleWhole(): void {
    const waiter = this.#wholeWaiter
    if (!waiter) return
    const tooBig =
      (this.expectedBytes ?? 0) > waiter.limit ||
      this.#queuedBytes > waiter.limit ||
      // The producer would wait on a drive that waits for the end: pull instead.
      this.#queue.length >= this.highWater
    if (this.#dead || this.#failure !== undefined || tooBig) waiter.resolve(undefined)
    else if (this.#ended) waiter.resolve([...this.#queue])
    else return
    this.#wholeWaiter = undefined
  }
}
