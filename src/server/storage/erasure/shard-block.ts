import type { BufferPool } from '../common/buffer-pool.js'
import type { Bitrot } from './bitrot.js'
import type { ReedSolomon } from './codec/index.js'
import { shardSizeOf } from './geometry.js'
import { Lease } from './lease.js'

/**
 * One erasure block being written, in one buffer laid out as the drives store it: for each
 * shard `j` (data first, then parity) a slot of its bitrot hash then its shard bytes. The body's
 * bytes are copied once, straight into the data slots; parity is encoded into the parity slots
 * and each hash into its slot's head, so every drive gets its whole shard block as one chunk
 * (one write) and a block costs one allocation, not one per parity shard and hash (issue 18).
 * With a pool, the buffer comes from it and goes back once every drive is done with the block
 * (lend): a fresh 2 MiB buffer per 1 MiB block (EC 4+4) made V8 run a full mark-compact every
 * ~12 MiB stored, ~85 per GiB, which with its helper threads cost more CPU than the coding.
 */
export class ShardBlock {
  readonly shardSize: number
  readonly #stride: number
  readonly #buffer: Buffer

  /** A block of up to `length` bytes of object data. */
  constructor(
    readonly length: number,
    readonly data: number,
    readonly parity: number,
    readonly hashSize: number,
    private readonly pool?: BufferPool,
  ) {
    this.shardSize = shardSizeOf(length, data)
    this.#stride = hashSize + this.shardSize
    const size = this.#stride * (data + parity)
    this.#buffer = pool?.take(size) ?? Buffer.allocUnsafe(size)
  }

  /**
   * A lease on the block's memory for the drives it is handed to (ShardFeed.pushLent): once the
   * caller and every holder let go, the buffer goes back to the pool. The block is not to be
   * used after.
   */
  lend(): Lease {
    return new Lease(() => this.pool?.give(this.#buffer))
  }

  /** Copies `bytes` to object offset `at` of the block (their shards' slots). */
  write(bytes: Uint8Array, at: number): void {
    const size = this.shardSize
    let done = 0
    while (done < bytes.byteLength) {
      const position = at + done
      const j = Math.floor(position / size)
      const within = position - j * size
      const n = Math.min(bytes.byteLength - done, size - within)
      this.#buffer.set(bytes.subarray(done, done + n), j * this.#stride + this.hashSize + within)
      done += n
    }
  }

  /** The same first `length` bytes in a block laid out for `length` (a short last block). */
  relaidFor(length: number): ShardBlock {
    const block = new ShardBlock(length, this.data, this.parity, this.hashSize, this.pool)
    const size = this.shardSize
    for (let j = 0; j * size < length; j++) {
      block.write(this.#shard(j).subarray(0, Math.min(size, length - j * size)), j * size)
    }
    // Copied, and never handed to a drive: its buffer serves the next write.
    this.pool?.give(this.#buffer)
    return block
  }

  /**
   * Completes the block of `length` bytes: zero-pads the data shards, encodes the parity shards
   * and writes the hash of every shard a target takes.
   */
  encode(
    length: number,
    codec: ReedSolomon,
    bitrot: Bitrot,
    targets: ReadonlyArray<{ shard: number }>,
  ): void {
    const size = this.shardSize
    for (let j = 0; j < this.data; j++) {
      const valid = Math.min(size, Math.max(0, length - j * size))
      if (valid < size) this.#shard(j).fill(0, valid)
    }
    const shards = Array.from({ length: this.data + this.parity }, (_, j) => this.#shard(j))
    codec.encode(shards.slice(0, this.data), shards.slice(this.data))
    for (const { shard } of targets) {
      const head = shard * this.#stride
      bitrot.hashInto(shards[shard]!, this.#buffer.subarray(head, head + this.hashSize))
    }
  }

  /** Shard `j`'s hash and bytes: what its drive stores for this block. */
  slotOf(j: number): Buffer {
    return this.#buffer.subarray(j * this.#stride, (j + 1) * this.#stride)
  }

  #shard(j: number): Buffer {
    const start = j * this.#stride + this.hashSize
    return this.#buffer.subarray(start, start + this.shardSize)
  }
}
