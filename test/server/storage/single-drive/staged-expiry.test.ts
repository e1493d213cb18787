import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createBucket } from '../../../../src/server/storage/single-drive/buckets.js'
import { type OpenDrive, openDrive } from '../../../../src/server/storage/single-drive/open-drive.js'
import { StagedShards } from '../../../../src/server/storage/single-drive/staged-shards.js'

async function* bytes(size: number): AsyncIterable<Uint8Array> {
  yield new Uint8Array(size).fill(7)
}

describe('staged shards a writer never commits', () => {
  let dir = ''
  let opened: OpenDrive | undefined
  afterEach(async () => {
    await opened?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('are discarded once older than the TTL, files and all; younger ones stay committable', async () => {
    dir = await mkdtemp(join(tmpdir(), 'silo-staged-'))
    opened = await openDrive(dir, { fsync: false, inlineLimit: 0 })
    await createBucket(opened.drive, 'b', 'us-east-1')
    let now = 1_000_000
    const staged = new StagedShards(opened.drive, { ttlMs: 60_000, now: () => now })
    const old = await staged.write({ bucket: 'b', key: 'old' }, bytes(10_000))
    now += 30_000
    const young = await staged.write({ bucket: 'b', key: 'young' }, bytes(10_000))
    const temp = () => readdir(join(dir, '.silo.sys', 'tmp'))
    expect(await temp()).toHaveLength(2)
    now += 30_000
    expect(await staged.sweep()).toBe(1)
    expect(await temp()).toHaveLength(1)
    await expect(staged.commit(old.id, { etag: 'e', meta: 'm' })).rejects.toThrow(/no staged shard file/)
    await staged.commit(young.id, { etag: 'e', meta: 'm' })
    expect(await temp()).toHaveLength(0)
    staged.clear()
  })
})
