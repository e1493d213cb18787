import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FreeSpaceGuard } from '../../../../src/server/storage/free-space.js'
import { CommitQueue } from '../../../../src/server/storage/single-drive/commit-queue.js'
import type { Drive } from '../../../../src/server/storage/single-drive/drive.js'
import { encodeObjectKey } from '../../../../src/server/storage/single-drive/key-codec.js'
import { createLayout } from '../../../../src/server/storage/single-drive/layout.js'
import { listObjects } from '../../../../src/server/storage/single-drive/list-objects.js'
import { openMetaStore } from '../../../../src/server/storage/single-drive/meta-store.js'
import { openOutbox } from '../../../../src/server/storage/single-drive/outbox.js'

const KEYS_UNDER_DIR = 20_000

/** Counts how many LMDB entries a listing reads, by wrapping getRange's iterator. */
describe('single drive listing skips rolled-up prefixes', () => {
  let dir: string
  let drive: Drive
  let visited = 0
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'silo-list-'))
    const meta = openMetaStore(join(dir, 'meta'), { fsync: false })
    drive = {
      layout: createLayout(dir),
      meta,
      fsync: false,
      commits: new CommitQueue(meta.env, { awaitFlush: false }),
      inlineLimit: 0,
      space: new FreeSpaceGuard(dir),
      outbox: openOutbox(meta),
    }
    await meta.buckets.put('b', { created: 0, region: '' })
    const record = { id: '0', size: 1, etag: '', mtime: 0, contentType: '', headers: {} }
    for (let i = 0; i < KEYS_UNDER_DIR; i++) meta.objects.put(encodeObjectKey('b', `dir/${i}`), record)
    meta.objects.put(encodeObjectKey('b', 'a'), record)
    await meta.objects.put(encodeObjectKey('b', 'z'), record)
    const getRange = meta.objects.getRange.bind(meta.objects)
    meta.objects.getRange = ((options) =>
      getRange(options).map((entry) => {
        visited++
        return entry
      })) as typeof meta.objects.getRange
  })
  afterAll(async () => {
    await drive.meta.env.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('reads a handful of entries, not every key under dir/', () => {
    visited = 0
    const result = listObjects(drive, { bucket: 'b', delimiter: '/' })
    expect(result.commonPrefixes).toEqual(['dir/'])
    expect(result.objects.map((o) => o.key)).toEqual(['a', 'z'])
    expect(visited).toBeLessThan(10)
  })

  it('reads one page plus one entry without a delimiter', () => {
    visited = 0
    const result = listObjects(drive, { bucket: 'b', prefix: 'dir/', maxKeys: 100 })
    expect(result.objects).toHaveLength(100)
    expect(visited).toBe(101)
  })
})
