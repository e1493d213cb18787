import type { ByteRange } from '../object-layer.js'

/**
 * Where bytes live in a shard file. A part of `size` bytes is cut into blocks of `blockSize`
 * (the last one shorter); block `k` becomes `data` shards of `ceil(length / data)` bytes (the
 * last data shard zero-padded) plus parity shards of the same length. A drive's shard file of
 * the part is, for each block in order, the SHA-256 of its shard block then the shard block. A
 * multipart object's shard file is its parts' shard files one after another.
 */

/** One block of an object, as a read or a heal visits it. */
export interface BlockSpan {
  /** Bytes of object data in the block. */
  length: number
  /** Bytes of each shard of the block (without the hash). */
  shardSize: number
  /** Bytes of the bitrot hash before each shard block. */
  hashSize: number
  /** Where the block's shard (hash first) starts in every drive's shard file. */
  shardOffset: number
  /** The bytes of the block to emit: `[from, to)` within the block. */
  from: number
  to: number
}

/** Bytes of each shard of a block of `length` bytes. */
export function shardSizeOf(length: number, data: number): number {
  return Math.ceil(length / data)
}

/** Bytes of one drive's shard file for a part of `size` bytes. */
export function shardFileSizeOf(size: number, data: number, blockSize: number, hashSize: number): number {
  const full = Math.floor(size / blockSize)
  const rest = size - full * blockSize
  const fullBytes = full * (hashSize + shardSizeOf(blockSize, data))
  return rest === 0 ? fullBytes : fullBytes + hashSize + shardSizeOf(rest, data)
}

/**
 * The blocks holding `range` of an object made of parts of `partSizes` (one entry for a plain
 * object), in order, with where each block's shards are in the shard files.
 */
export function blocksOf(
  partSizes: readonly number[],
  data: number,
  blockSize: number,
  hashSize: number,
  range?: ByteRange,
): BlockSpan[] {
  const total = partSizes.reduce((sum, s) => sum + s, 0)
  const first = range?.start ?? 0
  const last = range?.end ?? total - 1
  const spans: BlockSpan[] = []
  const fullShard = shardSizeOf(blockSize, data)
  let partStart = 0
  let shardFileStart = 0
  for (const size of partSizes) {
    const partEnd = partStart + size - 1
    if (size > 0 && partEnd >= first && partStart <= last) {
      const firstBlock = Math.floor((Math.max(first, partStart) - partStart) / blockSize)
      const lastBlock = Math.floor((Math.min(last, partEnd) - partStart) / blockSize)
      for (let k = firstBlock; k <= lastBlock; k++) {
        const blockStart = partStart + k * blockSize
        const length = Math.min(blockSize, size - k * blockSize)
        spans.push({
          length,
          shardSize: shardSizeOf(length, data),
          hashSize,
          shardOffset: shardFileStart + k * (hashSize + fullShard),
          from: Math.max(first, blockStart) - blockStart,
          to: Math.min(last, blockStart + length - 1) - blockStart + 1,
        })
      }
    }
    partStart += size
    shardFileStart += shardFileSizeOf(size, data, blockSize, hashSize)
  }
  return spans
}
