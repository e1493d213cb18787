/**
 * The bucket gate of the erasure set (issue 12, defect 1): DeleteBucket and the commits into the
 * bucket take turns, and a write that loses leaves no shard on any drive.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'
import { bodyOf, unplug } from './fixtures.js'
import { openTempErasure } from './harness.js'

type Harness = Awaited<ReturnType<typeof openTempErasure>>
let harness: Harness | undefined
afterEach(async () => {
  await harness?.cleanup()
  harness = undefined
})

/** Files in every drive's data and temp folders: 0 when no object is stored. */
async function countFiles(dirs: string[]): Promise<number> {
  let count = 0
  for (const dir of dirs) {
    const sys = join(dir, '.silo.sys')
    count += (await readdir(join(sys, 'tmp'))).length
    for (const folder of await readdir(join(sys, 'data')))
      count += (await readdir(join(sys, 'data', folder))).length
  }
  return count
}

/** A body that yields `head`, then waits for `resume` before yielding `tail`. */
function pausedBody(head: Buffer, tail: Buffer): { body: AsyncGenerator<Uint8Array>; resume: () => void } {
  let resume!: () => void
  const resumed = new Promise<void>((r) => {
    resume = r
  })
  async function* body() {
    yield head
    await resumed
    yield tail
  }
  return { body: body(), resume }
}

describe('erasure: DeleteBucket and the writes into the bucket', () => {
  it('deletes an empty bucket while a PUT streams into it; the PUT then fails NoSuchBucket and leaves no shard', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket('b', '')
    // 2 × 400 KB: 200 KB shard files on each drive, past the inline limit.
    const { body, resume } = pausedBody(Buffer.alloc(400_000, 1), Buffer.alloc(400_000, 2))
    const put = h.backend.putObject({ bucket: 'b', key: 'k', body })
    await new Promise(setImmediate)
    await h.backend.deleteBucket('b')
    resume()
    await expect(put).rejects.toMatchObject({ code: 'NoSuchBucket' })
    expect(await countFiles(h.dirs)).toBe(0)
    await h.backend.createBucket('b', '')
    expect((await h.backend.listObjects({ bucket: 'b' })).objects).toEqual([])
  })

  it('removes leftovers no read could return, but not one the offline drives might complete', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket('b', '')
    await h.backend.putObject({ bucket: 'b', key: 'left', body: bodyOf(Buffer.from('a failed write')) })
    // Only drive 1 keeps its shard: what a write that failed below quorum leaves (2+2 reads need 2).
    await h.backend.close()
    for (const dir of h.dirs.slice(1)) {
      const drive = await openSingleDrive(dir, { fsync: false })
      await drive.deleteObject('b', 'left')
      await drive.close()
    }
    const plug = await unplug(h.dirs[1]!)
    let backend = await h.reopen!()
    // Drive 2 is offline and might hold a second shard: the object may be readable, so it stays.
    await expect(backend.deleteBucket('b')).rejects.toMatchObject({ code: 'XSiloReadQuorum' })
    await plug()
    backend = await h.reopen!()
    await backend.deleteBucket('b')
    await expect(backend.getBucket('b')).rejects.toMatchObject({ code: 'NoSuchBucket' })
    expect(await countFiles(h.dirs)).toBe(0)
  })
})
