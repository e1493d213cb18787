import { bitrotOf } from '../../../../src/server/storage/erasure/bitrot.js'
import { createReedSolomon } from '../../../../src/server/storage/erasure/codec/index.js'
import { shardSizeOf } from '../../../../src/server/storage/erasure/geometry.js'

/** The code and block size of the shard files below: small, so an object is many blocks. */
export const DATA = 4
export const PARITY = 2
export const BLOCK = 1000

/** Each drive's shard file of `object` (hash, then shard, per block), as the erasure write lays it out. */
export function shardFiles(object: Buffer, algorithm: 'crc32' | 'sha256'): Buffer[] {
  const bitrot = bitrotOf({ bitrot: algorithm })
  const codec = createReedSolomon(DATA, PARITY)
  const files: Buffer[][] = Array.from({ length: DATA + PARITY }, () => [])
  for (let at = 0; at < object.length; at += BLOCK) {
    const block = object.subarray(at, at + BLOCK)
    const size = shardSizeOf(block.length, DATA)
    const shards = Array.from({ length: DATA + PARITY }, (_, i) => {
      const shard = Buffer.alloc(size)
      if (i < DATA) block.copy(shard, 0, i * size, Math.min(block.length, (i + 1) * size))
      return shard
    })
    codec.encode(shards.slice(0, DATA), shards.slice(DATA))
    for (const [i, shard] of shards.entries()) {
      const hash = Buffer.alloc(bitrot.size)
      bitrot.hashInto(shard, hash)
      files[i]!.push(hash, shard)
    }
  }
  return files.map((parts) => Buffer.concat(parts))
}
