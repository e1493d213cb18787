import type { Bitrot } from './bitrot.js'
import type { ReedSolomon } from './codec/index.js'
import { shardSizeOf } from './geometry.js'

/**
 * One erasure block being written, in one buffer laid out as the drives store it: for each
 * shard `j` (data first, then parity) a slot of its bitrot hash then its shard bytes. The body's
 * bytes are copied once, straight into the data slots; parity is encoded into the parity slots
 * and each hash into its slot's head, so every drive gets its whole shard block as one chunk
 * (one write) and a block costs one allocation, not one per parity shard and hash (issue 18).
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
  ) {
    this.shardSize = shardSizeOf(length, data)
    this.#stride = hashSize + this.shardSize
    this.#buffer = Buffer.allocUnsafe(this.#stride * (data + parity))
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
    const block = new ShardBlock(length, this.data, this.parity, this.hashSize)
    const size = this.shardSize
    for (let j = 0; j * size < length; j++) {
      block.write(this.#shard(j).subarray(0, Math.min(size, length - j * size)), j * size)
    }
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
