import type { LentShardBody, WholeShardBody } from '../storage-drive.js'
import type { Lease } from './lease.js'

/**
 * Leases of taken chunks a feed keeps for a drive that has not released them. A drive that never
 * releases (a remote one: its chunks go out on a socket) would otherwise keep every block of the
 * write alive through them; past this many the oldest are forgotten: their blocks are never
 * reused, only collected. A local drive releases after each write of 256 KiB, so it holds at
 * most 4 chunks (64 KiB shards: EC 16 data shards of a 1 MiB block).
 */
const MAX_UNRELEASED = 16

/** A queued chunk, and the lease on its memory when it is lent (pushLent). */
interface Queued {
  chunk: Uint8Array
  lease?: Lease
}

/**
 * The body one drive receives during an erasure write: the producer pushes shard chunks, the
 * drive pulls them as an ordinary request body (StorageDrive.writeShard), or takes them whole
 * when few (WholeShardBody). More than a queue: backpressure both ways. `push` waits while the
 * drive is `highWater` chunks behind, and a drive that failed (it stopped pulling) drops chunks
 * instead of blocking the others. Chunks pushed with `pushLent` are lent (LentShardBody): the
 * feed holds their lease from the push until the drive releases what it took, so the producer
 * reuses their memory only then.
 */
export class ShardFeed implements WholeShardBody, LentShardBody {
  #queue: Queued[] = []
  /** Leases of chunks the drive took and has not released yet. */
  #taken: Lease[] = []
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
  push(...chunks: Uint8Array[]): Promise<void> {
    return this.#enqueue(chunks.map((chunk) => ({ chunk })))
  }

  /**
   * Queues a chunk of memory `lease` covers, holding the lease (from now, synchronously) until
   * the drive releases the chunk, or drops it unsent; resolves as push does.
   */
  pushLent(chunk: Uint8Array, lease: Lease): Promise<void> {
    if (this.#dead) return Promise.resolve()
    lease.hold()
    return this.#enqueue([{ chunk, lease }])
  }

  /** The drive is done with every chunk it took so far: their leases are let go. */
  release(): void {
    for (const lease of this.#taken.splice(0)) lease.drop()
  }

  async #enqueue(entries: Queued[]): Promise<void> {
    if (this.#dead) return
    this.#queue.push(...entries)
    for (const { chunk } of entries) this.#queuedBytes += chunk.byteLength
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
    // Chunks never handed over are the producer's again; those the drive took stay held.
    for (const { lease } of this.#queue) lease?.drop()
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
        const next = this.#queue.shift()
        if (next) {
          this.#queuedBytes -= next.chunk.byteLength
          if (next.lease) this.#take(next.lease)
          this.#wakeProducer?.()
          yield next.chunk
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
    else if (this.#ended) waiter.resolve(this.#handOverQueue())
    else return
    this.#wholeWaiter = undefined
  }

  /** Holds `lease` until the drive releases it (or it is forgotten, see MAX_UNRELEASED). */
  #take(lease: Lease): void {
    this.#taken.push(lease)
    if (this.#taken.length > MAX_UNRELEASED) this.#taken.shift()
  }

  /** The queued chunks, taken whole by the drive (their leases now held as taken). */
  #handOverQueue(): Uint8Array[] {
    for (const entry of this.#queue) {
      if (entry.lease) this.#take(entry.lease)
      entry.lease = undefined
    }
    return this.#queue.map((entry) => entry.chunk)
  }
}
