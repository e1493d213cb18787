import { Readable } from 'node:stream'
import { Readable as RSReadable } from 'readable-stream'
import { describe, expect, it } from 'vitest'
import { readableChunks, sourceChunks } from '../../../src/sdk/upload/readable-chunks.js'

/** `count` chunks of `size` bytes, pushed synchronously from read() as a generator-like source does. */
function pushing(count: number, size: number, Kind: typeof Readable = Readable): Readable {
  let n = 0
  return new Kind({
    read() {
      if (n === count) this.push(null)
      else this.push(Buffer.alloc(size, n++))
    },
  })
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = []
  for await (const chunk of chunks) out.push(chunk)
  return out
}

describe('readableChunks', () => {
  it('hands over each pushed chunk as it is, never joined into a bigger copy', async () => {
    const chunks = await collect(readableChunks(pushing(8, 64 * 1024)))
    expect(chunks.map((c) => c.byteLength)).toEqual(Array(8).fill(64 * 1024))
    expect(chunks.map((c) => c[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  })

  it('reads readable-stream Readables too, and turns setEncoding strings into UTF-8 bytes', async () => {
    expect((await collect(sourceChunks(pushing(3, 10, RSReadable as never)))).length).toBe(3)
    const text = Readable.from([Buffer.from('héllo')])
    text.setEncoding('utf8')
    const [bytes] = await collect(sourceChunks(text))
    expect(new TextDecoder().decode(bytes)).toBe('héllo')
  })

  it('fails with the stream error after the chunks that came before it', async () => {
    const stream = new Readable({ read() {} })
    stream.push(Buffer.from('a'))
    const got: string[] = []
    const reading = (async () => {
      for await (const chunk of readableChunks(stream)) {
        got.push(Buffer.from(chunk).toString())
        stream.destroy(new Error('disk gone'))
      }
    })()
    await expect(reading).rejects.toThrow('disk gone')
    expect(got).toEqual(['a'])
  })

  it('fails when the stream closes before its end', async () => {
    const stream = new Readable({ read() {} })
    setTimeout(() => stream.destroy(), 5)
    await expect(collect(readableChunks(stream))).rejects.toThrow(/closed before it ended/)
  })

  it('destroys the stream when the consumer stops early, as for await does', async () => {
    const stream = pushing(100, 10)
    for await (const _ of readableChunks(stream)) break
    expect(stream.destroyed).toBe(true)
  })

  it('passes other sources (async iterables) through unchanged', async () => {
    async function* gen() {
      yield new Uint8Array([1])
      yield new Uint8Array([2])
    }
    expect((await collect(sourceChunks(gen()))).map((c) => c[0])).toEqual([1, 2])
  })
})
