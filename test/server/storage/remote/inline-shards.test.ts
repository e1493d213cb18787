import { Readable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { ShardFeed } from '../../../../src/server/storage/erasure/shard-feed.js'
import { BATCH_PATH, INLINE_SHARD_BYTES } from '../../../../src/server/storage/remote/storage-rpc-protocol.js'
import type { StorageDrive, WholeShardBody } from '../../../../src/server/storage/storage-drive.js'
import { postRaw, signedHeaders, useServedTempDrives } from './rpc-server.js'

const serveDrives = useServedTempDrives()

/** A whole-capable body of `bytes` that counts how often it is pulled. */
function wholeBody(bytes: Buffer): WholeShardBody & { pulls: number } {
  const body = {
    pulls: 0,
    whole: async (limit: number) => (bytes.length <= limit ? [bytes] : undefined),
    async *[Symbol.asyncIterator]() {
      body.pulls++
      yield bytes
    },
  }
  return body
}

/** An erasure write's feed of `bytes`, ended. */
function endedFeed(bytes: Buffer): ShardFeed {
  const feed = new ShardFeed(4, bytes.length)
  void feed.push(bytes)
  feed.end()
  return feed
}

describe('small shards inline in a batch', () => {
  it('writes and reads a small shard of each drive of a server in one request per step', async () => {
    const { server, drives } = await serveDrives(3)
    for (const drive of drives) await drive.createBucket('b', '')
    server.requests.length = 0
    const bytes = drives.map((_, i) => Buffer.alloc(300, i + 1))
    const staged = await Promise.all(
      drives.map((d, i) => d.writeShard({ bucket: 'b', key: 'k' }, endedFeed(bytes[i]!))),
    )
    expect(staged.map((s) => s.size)).toEqual([300, 300, 300])
    await Promise.all(drives.map((d, i) => d.commitShard(staged[i]!.id, { etag: 'e', meta: `m${i}` })))
    const reads = await Promise.all(drives.map((d) => d.readShard('b', 'k', { start: 10, end: 19 })))
    expect(server.requests).toEqual([BATCH_PATH, BATCH_PATH, BATCH_PATH])
    for (const [i, read] of reads.entries()) {
      expect(read.object).toMatchObject({ key: 'k', etag: 'e', meta: `m${i}` })
      expect(Buffer.from(read.data!)).toEqual(bytes[i]!.subarray(10, 20))
    }
  })

  it('refuses an inline write for a missing bucket without pulling its body, as the streamed one', async () => {
    const { server, drives } = await serveDrives(1)
    const body = wholeBody(Buffer.from('shard'))
    await expect(drives[0]!.writeShard({ bucket: 'missing', key: 'k' }, body)).rejects.toMatchObject({
      code: 'NoSuchBucket',
    })
    expect(body.pulls).toBe(0)
    expect(server.requests).toEqual([BATCH_PATH])
  })

  it('streams a shard too big to travel inline, and any body that cannot hand its bytes whole', async () => {
    const { server, drives } = await serveDrives(1)
    const drive = drives[0]!
    await drive.createBucket('b', '')
    server.requests.length = 0
    const big = Buffer.alloc(INLINE_SHARD_BYTES + 1, 7)
    const feed = new ShardFeed(4, big.length)
    const staged = drive.writeShard({ bucket: 'b', key: 'big' }, feed)
    await feed.push(big)
    feed.end()
    await drive.commitShard((await staged).id, { etag: 'e', meta: 'm' })
    async function* plain() {
      yield Buffer.from('plain')
    }
    await drive.writeShard({ bucket: 'b', key: 'plain' }, plain())
    const read = await drive.readShard('b', 'big', { start: 0, end: big.length - 1 })
    expect(Buffer.concat(await read.body!.toArray())).toEqual(big)
    expect(server.requests.filter((path) => /(read|write)Shard$/.test(path))).toEqual([
      '/silo/storage/v1/writeShard',
      '/silo/storage/v1/writeShard',
      '/silo/storage/v1/readShard',
    ])
  })

  it("sends a drive's streamed small read inline, and fails its read as the drive fails it", async () => {
    const object = { key: 'k', size: 5, etag: 'e', meta: 'm', mtime: 1 }
    const failing: Partial<StorageDrive> = {
      readShard: vi
        .fn()
        .mockResolvedValueOnce({ object, body: Readable.from([Buffer.from('ab'), Buffer.from('cde')]) })
        .mockRejectedValueOnce(new Error('EIO: i/o error, read')),
      close: vi.fn().mockResolvedValue(undefined),
    }
    const { server } = await serveDrives(0, { failing })
    const drive = await server.connect('/failing').open()
    const read = await drive.readShard('b', 'k', { start: 0, end: 4 })
    expect(read).toEqual({ object, data: Buffer.from('abcde') })
    await expect(drive.readShard('b', 'k', { start: 0, end: 4 })).rejects.toThrow(
      `${server.url} readShard on /failing: the drive failed: EIO: i/o error, read`,
    )
  })

  it.each([
    [
      'a readShard of a range too long',
      `readShard`,
      [['b', 'k', { start: 0, end: INLINE_SHARD_BYTES }]],
      /at most/,
    ],
    ['a writeShard without its bytes', `writeShard`, [[{ bucket: 'b', key: 'k' }]], /as base64/],
  ])('answers %s in a batch with a 400 of its own', async (_, name, args, message) => {
    const { server, paths } = await serveDrives(1)
    const calls = `${name}=${encodeURIComponent(paths[0]!)}`
    const answer = await postRaw(
      server.url,
      'batch',
      signedHeaders('batch', '', { calls }),
      JSON.stringify(args),
    )
    expect(answer.status).toBe(200)
    const [outcome] = answer.body as unknown as Array<{ status: number; error: { message: string } }>
    expect(outcome!.status).toBe(400)
    expect(outcome!.error.message).toMatch(message)
  })
})
