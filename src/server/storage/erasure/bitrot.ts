import { createHash } from 'node:crypto'
import { crc32 } from '../../crc32.js'

/**
 * The bitrot hash stored before every shard block of a shard file (geometry.ts), named by the
 * object's metadata (`EcUploadMeta.bitrot`; absent: `sha256`, what every write used before
 * issue 18). A read or heal checks each block with the hash its object was written with, so
 * objects written before a change of hash keep reading and healing.
 *
 * New writes use CRC-32 (`node:zlib`, no dependency): SHA-256 of every shard was the largest
 * cost of an erasure PUT after MD5 (issue 18: 2 GiB hashed per GiB stored with EC 4+4).
 * Bitrot is random damage, not an adversary: a 32-bit CRC misses a randomly damaged block once
 * in 2^32 and every burst of up to 32 bits, which is what Ceph BlueStore (crc32c per block by
 * default) and HDFS (CRC32C per chunk) rely on; MinIO uses HighwayHash for the same role.
 */
export type BitrotAlgorithm = 'sha256' | 'crc32'

/** The algorithm new writes record. */
export const NEW_BITROT: BitrotAlgorithm = 'crc32'

/** How to hash and check shard blocks with one algorithm. */
export interface Bitrot {
  readonly algorithm: BitrotAlgorithm
  /** Bytes of the hash before each shard block. */
  readonly size: number
  /** Writes the hash of `shard` into `out` (exactly `size` bytes). */
  hashInto(shard: Uint8Array, out: Buffer): void
  /** Whether `hash` (`size` bytes) is the hash of `shard` (or of its parts, one after another). */
  verify(hash: Uint8Array, shard: Uint8Array | readonly Uint8Array[]): boolean
}

/** A shard's bytes as parts: itself, or the parts it was given as. */
function partsOf(shard: Uint8Array | readonly Uint8Array[]): readonly Uint8Array[] {
  return shard instanceof Uint8Array ? [shard] : shard
}

const sha256: Bitrot = {
  algorithm: 'sha256',
  size: 32,
  hashInto(shard, out) {
    createHash('sha256').update(shard).digest().copy(out)
  },
  verify(hash, shard) {
    const digest = createHash('sha256')
    for (const part of partsOf(shard)) digest.update(part)
    return digest.digest().equals(hash)
  },
}

const crc: Bitrot = {
  algorithm: 'crc32',
  size: 4,
  hashInto(shard, out) {
    out.writeUInt32BE(crc32(shard), 0)
  },
  verify(hash, shard) {
    let value = 0
    for (const part of partsOf(shard)) value = crc32(part, value)
    return hash.length === 4 && Buffer.from(hash.buffer, hash.byteOffset, 4).readUInt32BE(0) === value
  },
}

/** The bitrot hash of an object or upload by its metadata (absent: SHA-256, the first format). */
export function bitrotOf(meta: { bitrot?: BitrotAlgorithm }): Bitrot {
  switch (meta.bitrot) {
    case undefined:
    case 'sha256':
      return sha256
    case 'crc32':
      return crc
    default:
      throw new Error(`unknown bitrot hash ${JSON.stringify(meta.bitrot)} in an object's metadata`)
  }
}

/** The metadata field new writes record: none for SHA-256, so their metadata reads as before. */
export function bitrotField(algorithm: BitrotAlgorithm = NEW_BITROT): { bitrot?: BitrotAlgorithm } {
  return algorithm === 'sha256' ? {} : { bitrot: algorithm }
}
