import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ShardFeed } from '../../../../src/server/storage/erasure/shard-feed.js'
import type { AdmitRequest } from '../../../../src/server/storage/free-space.js'
import { createBucket } from '../../../../src/server/storage/single-drive/buckets.js'
import { type OpenDrive, openDrive } from '../../../../src/server/storage/single-drive/open-drive.js'
import { getObject } from '../../../../src/server/storage/single-drive/read-object.js'
import { StagedShards } from '../../../../src/server/storage/single-drive/staged-shards.js'

/** An erasure write's feed of `chunks`, ended. */
function endedFeed(...chunks: Buffer[]): ShardFeed {
  const feed = new ShardFeed(4)
  void feed.push(...chunks)
  feed.end()
  return feed
}

describe('staged shards', () => {
  let dir = ''
  let opened: OpenDrive
  let staged: StagedShards
  let admissions: AdmitRequest[]

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'silo-staged-'))
    opened = await openDrive(dir, { fsync: false, inlineLimit: 1024 })
    await createBucket(opened.drive, 'b', 'us-east-1')
    staged = new StagedShards(opened.drive)
    admissions = []
    const { space } = opened.drive
    const admit = space.admit.bind(space)
    space.admit = (request) => {
      admissions.push(request)
      return admit(request)
    }
  })
  afterEach(async () => {
    staged.clear()
    await opened.close()
    await rm(dir, { recursive: true, force: true })
  })

  const temp = () => readdir(join(dir, '.silo.sys', 'tmp'))
  const read = async (key: string) => (await getObject(opened.drive, 'b', key)).data

  it('takes a small feed whole, in memory, and commits it as an inline record', async () => {
    const feed = endedFeed(Buffer.from('hello '), Buffer.from('world'))
    let pulled = false
    const iterate = feed[Symbol.asyncIterator].bind(feed)
    feed[Symbol.asyncIterator] = () => {
      pulled = true
      return iterate()
    }
    const shard = await staged.write({ bucket: 'b', key: 'k' }, feed)
    expect(shard.size).toBe(11)
    expect(pulled).toBe(false)
    expect(await temp()).toEqual([])
    await staged.commit(shard.id, { etag: 'e', meta: 'm' })
    expect(Buffer.from((await read('k'))!).toString()).toBe('hello world')
  })

  it('streams a feed too big to keep in memory into a file', async () => {
    const shard = await staged.write(
      { bucket: 'b', key: 'big' },
      endedFeed(Buffer.alloc(800, 1), Buffer.alloc(800, 2)),
    )
    expect(shard.size).toBe(1600)
    expect(await temp()).toHaveLength(1)
    await staged.commit(shard.id, { etag: 'e', meta: 'm' })
    expect(await temp()).toEqual([])
    const body = (await getObject(opened.drive, 'b', 'big')).body!
    expect(Buffer.concat(await body.toArray())).toEqual(
      Buffer.concat([Buffer.alloc(800, 1), Buffer.alloc(800, 2)]),
    )
  })

  it('asks the free-space guard unless the writer holds room reserved for the file', async () => {
    await staged.write({ bucket: 'b', key: 'small' }, endedFeed(Buffer.from('x')))
    await staged.write({ bucket: 'b', key: 'big' }, endedFeed(Buffer.alloc(2000)))
    expect(admissions).toHaveLength(2)
    admissions.length = 0
    await staged.write({ bucket: 'b', key: 'small' }, endedFeed(Buffer.from('x')), true)
    await staged.write({ bucket: 'b', key: 'big' }, endedFeed(Buffer.alloc(2000)), true)
    expect(admissions).toEqual([])
  })

  it('refuses a missing bucket before taking the body', async () => {
    const feed = endedFeed(Buffer.from('x'))
    await expect(staged.write({ bucket: 'nope', key: 'k' }, feed)).rejects.toMatchObject({
      code: 'NoSuchBucket',
    })
  })
})
