import { randomBytes } from 'node:crypto'
import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openErasure } from '../../../../src/server/storage/erasure.js'
import { biggestDataFile, bodyOf, healEveryVersion, putSamples, readAll, unplug } from './fixtures.js'
import { openTempErasure } from './harness.js'

type Harness = Awaited<ReturnType<typeof openTempErasure>>
let harness: Harness | undefined
afterEach(async () => {
  await harness?.cleanup()
  harness = undefined
})

const bucket = 'photos'
/** 8 drives, EC 4+4, 1 MiB blocks: a full block's shard is 256 KiB. */
const SHARD = 256 * 1024

const healAll = (h: Harness) => healEveryVersion(h.backend)

async function expectAllRead(h: Harness, samples: Map<string, Buffer>): Promise<void> {
  for (const [key, bytes] of samples) {
    expect((await readAll(h.backend, bucket, key)).equals(bytes), key).toBe(true)
  }
}

/** Bytes of the biggest shard file on drive `i`: after putSamples, part 1 of `multi` (5 full blocks). */
async function biggestShardFile(h: Harness, i: number): Promise<number> {
  return (await stat(await biggestDataFile(h.dirs[i]!))).size
}

describe('erasure bitrot hash: CRC-32 for new writes, SHA-256 objects still read and heal (issue 18)', () => {
  it('puts a 4-byte CRC-32 before each shard block of a new write', async () => {
    harness = await openTempErasure(8)
    const samples = await putSamples(harness.backend, bucket)
    expect(await biggestShardFile(harness, 0)).toBe(5 * (4 + SHARD))
    await expectAllRead(harness, samples)
  })

  it('reads, repairs and heals objects written with SHA-256 once new writes use CRC-32', async () => {
    harness = await openTempErasure(8, { bitrot: 'sha256' })
    const h = harness
    const samples = await putSamples(h.backend, bucket)
    // The format every write had before issue 18: a 32-byte SHA-256 before each shard block.
    expect(await biggestShardFile(h, 0)).toBe(5 * (32 + SHARD))
    // An upload begun then keeps its hash for the parts uploaded after the change.
    const late = [randomBytes(5 * 1024 * 1024 + 3), randomBytes(70_000)]
    const { uploadId } = await h.backend.createMultipartUpload({ bucket, key: 'late' })
    const first = await h.backend.uploadPart({
      bucket,
      key: 'late',
      uploadId,
      partNumber: 1,
      body: bodyOf(late[0]!),
    })

    await h.backend.close()
    h.backend = await openErasure(h.dirs, { driveCheckIntervalMs: 0 })
    const second = await h.backend.uploadPart({
      bucket,
      key: 'late',
      uploadId,
      partNumber: 2,
      body: bodyOf(late[1]!),
    })
    await h.backend.completeMultipartUpload({
      bucket,
      key: 'late',
      uploadId,
      parts: [
        { partNumber: 1, etag: first.etag },
        { partNumber: 2, etag: second.etag },
      ],
    })
    samples.set('late', Buffer.concat(late))
    const fresh = randomBytes(2 * 1024 * 1024 + 9)
    await h.backend.putObject({ bucket, key: 'fresh', body: bodyOf(fresh), size: fresh.length })
    samples.set('fresh', fresh)
    await expectAllRead(h, samples)

    // Bitrot in an old object's shard is still caught by its SHA-256 and read around.
    const file = await biggestDataFile(h.dirs[2]!)
    const flipped = await readFile(file)
    flipped[100] = flipped[100]! ^ 0xff
    await writeFile(file, flipped)
    await expectAllRead(h, samples)

    // A wiped drive heals back, old objects in their own format, and serves with 4 drives away.
    await rm(join(h.dirs[5]!, '.silo.sys'), { recursive: true, force: true })
    const items = await healAll(h)
    const objects = items.filter((i) => i.type === 'object')
    expect(objects.map((i) => i.object).sort()).toEqual([...samples.keys()].sort())
    for (const item of objects) {
      expect(
        item.after.drives.every((d) => d.state === 'ok'),
        item.object,
      ).toBe(true)
    }
    expect(objects.filter((i) => i.before.drives[2]!.state === 'corrupt')).toHaveLength(1)
    const plugs = await Promise.all([0, 1, 3, 4].map((i) => unplug(h.dirs[i]!)))
    await expectAllRead(h, samples)
    for (const plug of plugs) await plug()
  })
})
