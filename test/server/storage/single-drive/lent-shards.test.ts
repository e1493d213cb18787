import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Lease } from '../../../../src/server/storage/erasure/lease.js'
import { ShardFeed } from '../../../../src/server/storage/erasure/shard-feed.js'
import { createBucket } from '../../../../src/server/storage/single-drive/buckets.js'
import { type OpenDrive, openDrive } from '../../../../src/server/storage/single-drive/open-drive.js'
import { getObject } from '../../../../src/server/storage/single-drive/read-object.js'
import { StagedShards } from '../../../../src/server/storage/single-drive/staged-shards.js'

/**
 * An erasure write lending `chunks` to a drive through a feed, as write-shards.ts does: each
 * chunk's memory is overwritten the moment its lease is free (the producer reusing it for a
 * later block). Resolves with the count of chunks freed so far.
 */
function lend(feed: ShardFeed, chunks: Buffer[]): { freed: () => number; pushed: Promise<void> } {
  let freed = 0
  const pushed = (async () => {
    for (const chunk of chunks) {
      const lease = new Lease(() => {
        chunk.fill(0xee)
        freed++
      })
      const push = feed.pushLent(chunk, lease)
      lease.drop()
      await push
    }
    feed.end()
  })()
  return { freed: () => freed, pushed }
}

describe('a drive receiving lent shard chunks', () => {
  let dir = ''
  let opened: OpenDrive
  let staged: StagedShards

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'silo-lent-'))
    opened = await openDrive(dir, { fsync: false, inlineLimit: 1024 })
    await createBucket(opened.drive, 'b', 'us-east-1')
    staged = new StagedShards(opened.drive)
  })
  afterEach(async () => {
    staged.clear()
    await opened.close()
    await rm(dir, { recursive: true, force: true })
  })

  const read = async (key: string) => {
    const result = await getObject(opened.drive, 'b', key)
    if (result.data) return Buffer.from(result.data)
    const chunks: Buffer[] = []
    for await (const chunk of result.body) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  it('releases each chunk only once written, and every chunk by the end', async () => {
    // Chunks smaller than a write batch: several are held before each write.
    const chunks = Array.from({ length: 24 }, (_, i) => randomBytes(40_000 + i))
    const want = Buffer.concat(chunks)
    const feed = new ShardFeed(4)
    const lent = lend(feed, chunks)
    const shard = await staged.write({ bucket: 'b', key: 'big' }, feed)
    await lent.pushed
    expect(lent.freed()).toBe(chunks.length)
    await staged.commit(shard.id, { etag: 'e', meta: 'm' })
    expect((await read('big')).equals(want)).toBe(true)
  })

  it('releases a small shard taken whole once copied', async () => {
    const chunks = [randomBytes(300), randomBytes(200)]
    const want = Buffer.concat(chunks)
    const feed = new ShardFeed(4, want.length)
    const lent = lend(feed, chunks)
    await lent.pushed
    const shard = await staged.write({ bucket: 'b', key: 'small' }, feed)
    expect(lent.freed()).toBe(2)
    await staged.commit(shard.id, { etag: 'e', meta: 'm' })
    expect((await read('small')).equals(want)).toBe(true)
  })
})

describe('ShardFeed leases', () => {
  it('a drive that fails keeps what it took; what it never took goes back', async () => {
    const feed = new ShardFeed(8)
    const freed: number[] = []
    for (const i of [0, 1, 2]) {
      const lease = new Lease(() => freed.push(i))
      void feed.pushLent(Buffer.from([i]), lease)
      lease.drop()
    }
    const iterator = feed[Symbol.asyncIterator]()
    await iterator.next()
    feed.abandon()
    // Chunk 0 may still be in the failed drive's hands: never reused.
    expect(freed).toEqual([1, 2])
    feed.release()
    expect(freed).toEqual([1, 2, 0])
  })

  it('a drive that never releases (a remote one) does not keep every block alive', async () => {
    const feed = new ShardFeed(200)
    let freed = 0
    for (let i = 0; i < 100; i++) {
      const lease = new Lease(() => freed++)
      void feed.pushLent(Buffer.alloc(1), lease)
      lease.drop()
    }
    feed.end()
    let pulled = 0
    for await (const _ of feed) pulled++
    expect(pulled).toBe(100)
    // Only the last few are still held (and freed by a late release); the rest were forgotten.
    feed.release()
    expect(freed).toBeGreaterThan(0)
    expect(freed).toBeLessThanOrEqual(16)
  })
})
