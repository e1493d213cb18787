import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ShardReader } from '../../../../src/server/storage/erasure/shard-reader.js'

async function* chunksOf(bytes: Buffer, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!
    yield bytes.subarray(at, at + size)
    at += size
  }
}

describe('ShardReader', () => {
  it('reads exact lengths within one chunk and across several, in order', async () => {
    const bytes = randomBytes(10_000)
    const reader = new ShardReader(chunksOf(bytes, [1000, 7, 3000, 1]))
    const lengths = [10, 990, 5, 2500, 1, 4000, 494, 2000]
    let at = 0
    for (const length of lengths) {
      const read = await reader.read(length)
      expect(read.length).toBe(length)
      expect(read.equals(bytes.subarray(at, at + length))).toBe(true)
      at += length
    }
    expect(at).toBe(bytes.length)
    await expect(reader.read(1)).rejects.toThrow(/1 bytes short/)
  })

  it('rejects a read the stream ends before', async () => {
    const reader = new ShardReader(chunksOf(randomBytes(100), [60]))
    await expect(reader.read(150)).rejects.toThrow(/50 bytes short/)
  })
})

describe('ShardReader.readParts', () => {
  it('hands views of the chunks, in order, without copying', async () => {
    const bytes = randomBytes(1000)
    const reader = new ShardReader(chunksOf(bytes, [300, 50, 650]))
    const first = await reader.readParts(320)
    expect(first.map((p) => p.length)).toEqual([300, 20])
    expect(first[0]!.buffer).toBe(bytes.buffer)
    expect(Buffer.concat(first).equals(bytes.subarray(0, 320))).toBe(true)
    const second = await reader.readParts(680)
    expect(second.map((p) => p.length)).toEqual([30, 650])
    expect(Buffer.concat(second).equals(bytes.subarray(320))).toBe(true)
    expect(await reader.readParts(0)).toEqual([])
    await expect(reader.readParts(1)).rejects.toThrow(/1 bytes short/)
  })
})
