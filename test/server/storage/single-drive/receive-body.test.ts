import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { receiveBody, writeAll } from '../../../../src/server/storage/single-drive/receive-body.js'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-receive-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function* chunksOf(bytes: Buffer, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!
    yield bytes.subarray(at, at + size)
    at += size
  }
}

describe('receiveBody', () => {
  it('writes a body of many small chunks (several write batches) byte for byte', async () => {
    const bytes = randomBytes(3 * 256 * 1024 + 12_345)
    for (const sizes of [[65_536], [1, 7, 4096, 100_003], [bytes.length]]) {
      const path = join(dir, `f${sizes.length}-${sizes[0]}`)
      const got = await receiveBody(chunksOf(bytes, sizes), path, { size: bytes.length, fsync: true })
      expect(got.size).toBe(bytes.length)
      expect((await readFile(path)).equals(bytes)).toBe(true)
    }
  })

  it('spills a body that outgrows the inline limit, then writes the rest after what it held', async () => {
    const bytes = randomBytes(300 * 1024)
    const path = join(dir, 'spilled')
    const got = await receiveBody(chunksOf(bytes, [1000]), path, { fsync: false, inlineLimit: 128 * 1024 })
    expect(got.inline).toBeUndefined()
    expect((await readFile(path)).equals(bytes)).toBe(true)
  })

  it('fails IncompleteBody when the body is shorter than declared', async () => {
    const bytes = randomBytes(1000)
    const path = join(dir, 'short')
    await expect(
      receiveBody(chunksOf(bytes, [100]), path, { size: 1001, fsync: false }),
    ).rejects.toMatchObject({
      code: 'IncompleteBody',
    })
  })
})

describe('writeAll', () => {
  it('writes what a short writev left, in order', async () => {
    const written: Buffer[] = []
    const file = {
      // Takes 5 bytes of the first call only, as a writev(2) may.
      writev: async (chunks: Uint8Array[]) => {
        const all = Buffer.concat(chunks)
        written.push(all.subarray(0, 5))
        return { bytesWritten: 5, buffers: chunks }
      },
      write: async (chunk: Uint8Array) => {
        written.push(Buffer.from(chunk))
        return { bytesWritten: chunk.byteLength, buffer: chunk }
      },
    }
    const chunks = [Buffer.from('abc'), Buffer.from('defgh'), Buffer.from('ij')]
    await writeAll(file as never, chunks)
    expect(Buffer.concat(written).toString()).toBe('abcdefghij')
  })
})
