import { randomBytes } from 'node:crypto'
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bitrotOf } from '../../../../src/server/storage/erasure/bitrot.js'
import { ErasureBody, shardReadBuffers } from '../../../../src/server/storage/erasure/erasure-body.js'
import { blocksOf } from '../../../../src/server/storage/erasure/geometry.js'
import { readBlocks, type ShardSource } from '../../../../src/server/storage/erasure/read-shards.js'
import { FileBody } from '../../../../src/server/storage/single-drive/file-body.js'
import { SlowSink } from '../slow-sink.js'
import { BLOCK, DATA, PARITY, shardFiles } from './shard-files.js'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-erasure-body-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const bitrot = bitrotOf({ bitrot: 'crc32' })

/** Sources reading each shard file as a local drive does: a FileBody, which reads into buffers. */
async function fileSources(files: (Buffer | undefined)[]): Promise<ShardSource[]> {
  return Promise.all(
    files.map(async (file, shard) => {
      const path = join(dir, `shard-${shard}`)
      if (file) await writeFile(path, file)
      return {
        shard,
        open: async (start: number, end: number) =>
          file
            ? new FileBody([{ file: await open(path, 'r'), open: async () => undefined, start, end }])
            : undefined,
      }
    }),
  )
}

async function bodyOf(object: Buffer, files: (Buffer | undefined)[]): Promise<ErasureBody> {
  const spans = blocksOf([object.length], DATA, BLOCK, bitrot.size)
  const sources = await fileSources(files)
  const blocks = readBlocks(
    { sources, spans, redundancy: { data: DATA, parity: PARITY }, bitrot, what: 'b/k' },
    shardReadBuffers,
  )
  const first = await blocks.next()
  return new ErasureBody(blocks, first.done ? undefined : first.value)
}

/**
 * A response that takes every write at once (never asks to wait) but lets the bytes leave only
 * at its end: each chunk is copied, and its callback run, then. A buffer reused before its
 * write's callback holds a later block by then.
 */
class HoldingSink extends SlowSink {
  readonly #held: Array<{ chunk: Uint8Array; callback: (error?: Error | null) => void }> = []

  override write(chunk: Uint8Array, callback: (error?: Error | null) => void): boolean {
    this.#held.push({ chunk, callback })
    return true
  }

  override end(): void {
    for (const { chunk, callback } of this.#held.splice(0)) {
      this.sent.push(Buffer.from(chunk))
      callback()
    }
    this.ended = true
  }
}

describe('ErasureBody', () => {
  it('sends every byte, giving a block’s shard buffers back only once its writes are done', async () => {
    // 40 blocks. A buffer given back before its write's callback would be filled with a later
    // block while the sink still holds it: wrong bytes.
    const object = randomBytes(40 * BLOCK + 123)
    const body = await bodyOf(object, shardFiles(object, 'crc32'))
    const sink = new HoldingSink()
    expect(body.canSendItself).toBe(true)
    await body.sendTo(sink)
    expect(sink.ended).toBe(true)
    expect(Buffer.concat(sink.sent).equals(object)).toBe(true)
    // Given back once written, for the next reads.
    expect(shardReadBuffers.spareBytes).toBeGreaterThan(0)
    expect(body.destroyed).toBe(true)
  })

  it('sends every byte through a response that asks it to wait (buffers reused meanwhile)', async () => {
    const object = randomBytes(40 * BLOCK + 123)
    const sink = new SlowSink()
    await (await bodyOf(object, shardFiles(object, 'crc32'))).sendTo(sink)
    expect(Buffer.concat(sink.sent).equals(object)).toBe(true)
  })

  it('sends a damaged and a missing data shard rebuilt from parity', async () => {
    const object = randomBytes(12 * BLOCK + 321)
    const files: (Buffer | undefined)[] = shardFiles(object, 'crc32')
    const damaged = Buffer.from(files[0]!)
    damaged[damaged.length - 2]! ^= 0x01
    files[0] = damaged
    files[3] = undefined
    const sink = new SlowSink()
    await (await bodyOf(object, files)).sendTo(sink)
    expect(Buffer.concat(sink.sent).equals(object)).toBe(true)
  })

  it('reads as a stream (chunks the consumer may keep), and then cannot send itself', async () => {
    const object = randomBytes(9 * BLOCK + 77)
    const body = await bodyOf(object, shardFiles(object, 'crc32'))
    const chunks: Buffer[] = []
    for await (const chunk of body) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(object)).toBe(true)
    expect(body.canSendItself).toBe(false)
    await expect(body.sendTo(new SlowSink())).rejects.toThrow(/after the body was read/)
  })
})
