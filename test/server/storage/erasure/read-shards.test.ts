import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bitrotOf } from '../../../../src/server/storage/erasure/bitrot.js'
import { blocksOf } from '../../../../src/server/storage/erasure/geometry.js'
import {
  type BlockBytes,
  readBlocks,
  readShardSets,
  type ShardSource,
} from '../../../../src/server/storage/erasure/read-shards.js'

import { BLOCK, DATA, PARITY, shardFiles } from './shard-files.js'

/** Sources streaming each file's asked range in chunks of `chunk` bytes (a socket's reads). */
function sourcesOf(files: (Buffer | undefined)[], chunk: number): ShardSource[] {
  return files.map((file, shard) => ({
    shard,
    open: async (start: number, end: number) => {
      if (!file) return undefined
      const bytes = file.subarray(start, end + 1)
      return (async function* () {
        for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk)
      })()
    },
  }))
}

async function readAll(blocks: AsyncIterable<BlockBytes>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const { views } of blocks) chunks.push(...views)
  return Buffer.concat(chunks)
}

describe('readBlocks over shard streams cut in small chunks', () => {
  const object = randomBytes(5 * BLOCK + 321)

  for (const algorithm of ['crc32', 'sha256'] as const) {
    it(`returns the object and ranges of it whatever the chunk size (${algorithm})`, async () => {
      const bitrot = bitrotOf({ bitrot: algorithm })
      const files = shardFiles(object, algorithm)
      const ranges = [undefined, { start: 0, end: 0 }, { start: 249, end: 1751 }, { start: 4990, end: 5320 }]
      for (const chunk of [1, 7, 64, 251, 100_000]) {
        for (const range of ranges) {
          const spans = blocksOf([object.length], DATA, BLOCK, bitrot.size, range)
          const got = await readAll(
            readBlocks({
              sources: sourcesOf(files, chunk),
              spans,
              redundancy: { data: DATA, parity: PARITY },
              bitrot,
              what: 'b/k',
            }),
          )
          const want = range ? object.subarray(range.start, range.end + 1) : object
          expect(got.equals(want), `chunk ${chunk}, range ${JSON.stringify(range)}`).toBe(true)
        }
      }
    })
  }

  it('rebuilds a data shard that fails its hash or is missing, from chunked parity', async () => {
    const bitrot = bitrotOf({ bitrot: 'crc32' })
    const files: (Buffer | undefined)[] = shardFiles(object, 'crc32')
    const damaged = Buffer.from(files[1]!)
    damaged[bitrot.size + 3]! ^= 0xff
    files[1] = damaged
    files[2] = undefined
    const failures: string[] = []
    const sources = sourcesOf(files, 13).map((s) => ({
      ...s,
      onFailure: (why: string) => failures.push(why),
    }))
    const spans = blocksOf([object.length], DATA, BLOCK, bitrot.size)
    const got = await readAll(
      readBlocks({ sources, spans, redundancy: { data: DATA, parity: PARITY }, bitrot, what: 'b/k' }),
    )
    expect(got.equals(object)).toBe(true)
    expect(failures.sort()).toEqual([
      'bitrot: the shard block does not match its hash',
      'the drive does not hold this version of the object',
    ])
  })

  it("readShardSets hands every shard whole in mode 'all' (what heal writes back)", async () => {
    const bitrot = bitrotOf({ bitrot: 'crc32' })
    const whole = shardFiles(object, 'crc32')
    const files: (Buffer | undefined)[] = [...whole]
    files[DATA] = undefined
    const spans = blocksOf([object.length], DATA, BLOCK, bitrot.size)
    let k = 0
    for await (const { span, shards } of readShardSets(
      {
        sources: sourcesOf(files, 9),
        spans,
        redundancy: { data: DATA, parity: PARITY },
        bitrot,
        what: 'b/k',
      },
      'all',
    )) {
      for (const [i, shard] of shards.entries()) {
        const start = span.shardOffset + span.hashSize
        expect(
          Buffer.from(shard!).equals(whole[i]!.subarray(start, start + span.shardSize)),
          `block ${k} shard ${i}`,
        ).toBe(true)
      }
      k++
    }
    expect(k).toBe(spans.length)
  })

  it('fails with XSiloReadQuorum when too few shards are good', async () => {
    const bitrot = bitrotOf({ bitrot: 'crc32' })
    const files: (Buffer | undefined)[] = shardFiles(object, 'crc32')
    files[0] = files[1] = files[5] = undefined
    const spans = blocksOf([object.length], DATA, BLOCK, bitrot.size)
    await expect(
      readAll(
        readBlocks({
          sources: sourcesOf(files, 50),
          spans,
          redundancy: { data: DATA, parity: PARITY },
          bitrot,
          what: 'b/k',
        }),
      ),
    ).rejects.toMatchObject({
      code: 'XSiloReadQuorum',
    })
  })
})
