import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
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

describe('ShardReader over a Readable', () => {
  it('reads exact lengths from the chunks the stream emits', async () => {
    const bytes = randomBytes(50_000)
    const reader = new ShardReader(Readable.from(chunksOf(bytes, [4096, 13, 20_000]), { objectMode: false }))
    let at = 0
    for (const length of [5, 4091, 30_000, 15_904]) {
      const read = await reader.read(length)
      expect(read.equals(bytes.subarray(at, at + length))).toBe(true)
      at += length
    }
    await expect(reader.read(1)).rejects.toThrow(/1 bytes short/)
  })

  it('rejects with the error the stream failed with', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield randomBytes(1000)
      throw new Error('disk on fire')
    }
    const reader = new ShardReader(Readable.from(failing(), { objectMode: false }))
    await expect(reader.read(500)).resolves.toHaveLength(500)
    await expect(reader.read(1000)).rejects.toThrow('disk on fire')
  })

  it('rejects when the stream is destroyed before its end', async () => {
    const source = new Readable({ read() {} })
    source.push(randomBytes(100))
    const reader = new ShardReader(source)
    const pending = reader.read(200)
    setImmediate(() => source.destroy())
    await expect(pending).rejects.toThrow(/100 bytes short/)
  })

  it('stops pulling from the stream while enough is held ahead of the reads', async () => {
    let pulled = 0
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        // A chunk per turn of the event loop, as a socket or a file delivers them.
        await new Promise((resolve) => setImmediate(resolve))
        pulled += 64 * 1024
        yield Buffer.alloc(64 * 1024)
      }
    }
    const source = Readable.from(endless(), { objectMode: false })
    const reader = new ShardReader(source)
    await reader.read(100_000)
    // Let the stream flow for a while: unpaused, it would pull a chunk every turn.
    for (let turn = 0; turn < 100; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(pulled).toBeLessThan(2 * 1024 * 1024)
    reader.close()
    expect(source.destroyed).toBe(true)
  })
})
