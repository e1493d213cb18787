import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bitrotOf } from '../../../../src/server/storage/erasure/bitrot.js'
import { createReedSolomon } from '../../../../src/server/storage/erasure/codec/index.js'
import { shardSizeOf } from '../../../../src/server/storage/erasure/geometry.js'
import { ShardBlock } from '../../../../src/server/storage/erasure/shard-block.js'

const data = 4
const parity = 2
const targets = Array.from({ length: data + parity }, (_, shard) => ({ shard }))

/** Writes `bytes` into `block` in uneven pieces, as a body arrives. */
function fill(block: ShardBlock, bytes: Buffer): void {
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = Math.min(bytes.length - at, [1, 7, 1000, 333][i % 4]!)
    block.write(bytes.subarray(at, at + n), at)
    at += n
  }
}

describe('ShardBlock', () => {
  it.each([
    ['sha256', 1],
    ['sha256', 4096],
    ['crc32', 4097],
    ['crc32', 10_001],
  ] as const)(
    'lays out %s hash + shard slots of a block of %i bytes that decode back',
    (algorithm, length) => {
      const bitrot = bitrotOf({ bitrot: algorithm })
      const codec = createReedSolomon(data, parity)
      const bytes = randomBytes(length)
      const block = new ShardBlock(length, data, parity, bitrot.size)
      fill(block, bytes)
      block.encode(length, codec, bitrot, targets)
      const size = shardSizeOf(length, data)
      const slots = targets.map(({ shard }) => block.slotOf(shard))
      for (const slot of slots) {
        expect(slot.length).toBe(bitrot.size + size)
        expect(bitrot.verify(slot.subarray(0, bitrot.size), slot.subarray(bitrot.size))).toBe(true)
      }
      const dataBytes = Buffer.concat(slots.slice(0, data).map((s) => s.subarray(bitrot.size)))
      expect(dataBytes.subarray(0, length).equals(bytes)).toBe(true)
      expect(dataBytes.subarray(length).every((b) => b === 0)).toBe(true)
      // Parity is right: the data shards come back from the parity ones and two others.
      const shards: (Uint8Array | undefined)[] = slots.map((s) => Buffer.from(s.subarray(bitrot.size)))
      shards[0] = undefined
      shards[2] = undefined
      codec.reconstruct(shards, { dataOnly: true })
      expect(
        Buffer.concat(shards.slice(0, data) as Uint8Array[])
          .subarray(0, length)
          .equals(bytes),
      ).toBe(true)
    },
  )

  it('lays a short last block out anew when it was laid out for a full one (a body of unknown length)', () => {
    const bitrot = bitrotOf({ bitrot: 'crc32' })
    const codec = createReedSolomon(data, parity)
    const bytes = randomBytes(5003)
    const full = new ShardBlock(65_536, data, parity, bitrot.size)
    fill(full, bytes)
    const block = full.relaidFor(bytes.length)
    expect(block.shardSize).toBe(shardSizeOf(bytes.length, data))
    block.encode(bytes.length, codec, bitrot, targets)
    const dataBytes = Buffer.concat(
      targets.slice(0, data).map(({ shard }) => block.slotOf(shard).subarray(bitrot.size)),
    )
    expect(dataBytes.subarray(0, bytes.length).equals(bytes)).toBe(true)
  })
})
