import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
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

/** `data` cut into chunks of the given sizes, cycling through them. */
async function* chunked(data: Buffer, sizes: number[]): AsyncGenerator<Uint8Array> {
  let offset = 0
  for (let i = 0; offset < data.length; i++) {
    const n = Math.min(sizes[i % sizes.length]!, data.length - offset)
    yield data.subarray(offset, offset + n)
    offset += n
  }
}

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex')

describe('receiveBody', () => {
  // Sizes around 1 MiB and 256 KiB (a write batch), odd chunkings among them.
  const B = 1024 * 1024
  const cases: Array<[string, number, number[]]> = [
    ['empty', 0, [1]],
    ['one byte', 1, [1]],
    ['a batch less one, socket-sized chunks', B - 1, [65536]],
    ['exactly a batch', B, [65536]],
    ['a batch and one', B + 1, [65536]],
    ['3.5 batches of odd chunks', Math.floor(3.5 * B), [1, 4097, 65536, 333_333]],
    ['chunks larger than a batch', 3 * B + 7, [B + 5, 17, 2 * B]],
    ['a write batch and one, in 1 KiB chunks', 256 * 1024 + 1, [1024]],
  ]
  for (const [name, size, sizes] of cases) {
    it(`writes every byte in order: ${name}`, async () => {
      const data = randomBytes(size)
      const path = join(dir, 'data')
      const received = await receiveBody(chunked(data, sizes), path, { size, fsync: true })
      expect(received).toEqual({ size, md5Hex: md5(data) })
      expect((await readFile(path)).equals(data)).toBe(true)
    })
  }

  it('keeps a body within the inline limit in memory and spills a longer one whole', async () => {
    const small = randomBytes(1000)
    const kept = await receiveBody(chunked(small, [100]), join(dir, 'small'), {
      fsync: false,
      inlineLimit: 4096,
    })
    expect(kept.inline?.equals(small)).toBe(true)
    await expect(stat(join(dir, 'small'))).rejects.toMatchObject({ code: 'ENOENT' })

    const large = randomBytes(B + 3000)
    const spilled = await receiveBody(chunked(large, [1000]), join(dir, 'large'), {
      fsync: false,
      inlineLimit: 4096,
    })
    expect(spilled).toEqual({ size: large.length, md5Hex: md5(large) })
    expect((await readFile(join(dir, 'large'))).equals(large)).toBe(true)
  })

  it('fails IncompleteBody when the body is longer or shorter than declared', async () => {
    const data = randomBytes(B + 10)
    await expect(
      receiveBody(chunked(data, [65536]), join(dir, 'long'), { size: B, fsync: false }),
    ).rejects.toMatchObject({ code: 'IncompleteBody' })
    await expect(
      receiveBody(chunked(data, [65536]), join(dir, 'short'), { size: B + 11, fsync: false }),
    ).rejects.toMatchObject({ code: 'IncompleteBody' })
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
