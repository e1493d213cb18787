import { Readable } from 'node:stream'
import { drained } from '../../response/drained.js'
import { BufferPool } from '../common/buffer-pool.js'
import type { BodySink, SendsItself } from '../object-layer.js'
import type { BlockBytes } from './read-shards.js'

/**
 * Shard buffers kept between erasure reads (readBlocks' pool). A GET holds about three blocks'
 * data shards at a time (one being sent, one read ahead, one being read): 3 MiB with 1 MiB
 * blocks, whatever the code.
 */
export const shardReadBuffers = new BufferPool(32 * 1024 * 1024)

/** Does nothing: the write callbacks of a block's chunks before its last. */
function ignore(): void {}

/**
 * An erasure-coded object's bytes as readBlocks yields them, block by block (the first one
 * already read, so a read that cannot start was an S3 error before answering). Two ways to
 * consume it, as a single drive's FileBody:
 * - as a Readable: the chunks are views of the shards' buffers, which the consumer may keep
 *   (copies, SSE, Select), so they never go back to the pool;
 * - {@link sendTo} an HTTP response, before anything was read: a block's shard buffers go back
 *   to {@link shardReadBuffers} once the socket write callback of its last chunk fired (they fire
 *   in order), and the next blocks are read into them. A fresh buffer per read made V8 run a
 *   full mark-compact every ~25 MiB sent (issue 18: ~40 per GiB, with its helper threads half of
 *   the CPU of a GET).
 *
 * The drives' streams close when the body ends, fails or is destroyed, also when never read.
 */
export class ErasureBody extends Readable implements SendsItself {
  readonly #blocks: AsyncGenerator<BlockBytes>
  #first: BlockBytes | undefined
  #claimed = false

  constructor(blocks: AsyncGenerator<BlockBytes>, first: BlockBytes | undefined) {
    super()
    this.#blocks = blocks
    this.#first = first
  }

  /** The next block with bytes to send; undefined at the end. */
  async #next(): Promise<BlockBytes | undefined> {
    for (;;) {
      const block = this.#first ?? (await this.#blocks.next()).value
      this.#first = undefined
      if (!block) return undefined
      if (block.views.length > 0) return block
    }
  }

  override _read(): void {
    this.#claimed = true
    this.#next().then(
      (block) => {
        if (!block) {
          this.push(null)
          return
        }
        for (const view of block.views) this.push(view)
      },
      (error: unknown) => this.destroy(error as Error),
    )
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Ends the read: the drives' streams close (after a read in flight settles).
    this.#blocks.return(undefined).then(
      () => callback(error),
      () => callback(error),
    )
  }

  /** Whether {@link sendTo} may still be used: nothing was read as a stream yet. */
  get canSendItself(): boolean {
    return !this.#claimed && !this.destroyed
  }

  async sendTo(out: BodySink): Promise<void> {
    if (!this.canSendItself) throw new Error('ErasureBody.sendTo after the body was read as a stream')
    this.#claimed = true
    try {
      while (!out.destroyed) {
        const block = await this.#next()
        if (!block) {
          out.end()
          return
        }
        const { views, leases } = block
        let flowing = true
        for (const [i, view] of views.entries()) {
          // Reused only once written: a write the socket never finishes (closed) keeps its buffers.
          const done =
            i < views.length - 1
              ? ignore
              : (error?: Error | null) => {
                  if (!error) for (const lease of leases) shardReadBuffers.give(lease)
                }
          flowing = out.write(view, done)
        }
        if (!flowing) await drained(out)
      }
    } finally {
      this.destroy()
    }
  }
}
