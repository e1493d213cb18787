import { randomBytes } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { HealResultItem } from '../../../../src/server/storage/heal-types.js'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'
import { biggestDataFile, bodyOf, putSamples, readAll, snapshot, unplug } from './fixtures.js'
import { openTempErasure } from './harness.js'

type Harness = Awaited<ReturnType<typeof openTempErasure>>
let harness: Harness | undefined
afterEach(async () => {
  await harness?.cleanup()
  harness = undefined
})

const bucket = 'photos'

/** Runs every heal step over everything, as a recursive heal sequence does. */
async function healAll(h: Harness, dryRun = false): Promise<HealResultItem[]> {
  const healer = h.backend.healer!
  const items = [await healer.healFormat({ dryRun })]
  items.push(...(await healer.healSystemDocuments({ dryRun })))
  for (const name of await healer.listBucketsToHeal()) {
    items.push(...(await healer.healBucket(name, { dryRun })))
    for await (const key of healer.listObjectsToHeal(name, ''))
      items.push(await healer.healObject(name, key, { dryRun }))
  }
  return items
}

const states = (item: HealResultItem, when: 'before' | 'after') => item[when].drives.map((d) => d.state)
const allOk = (item: HealResultItem, when: 'before' | 'after') => states(item, when).every((s) => s === 'ok')

async function expectAllRead(h: Harness, samples: Map<string, Buffer>): Promise<void> {
  for (const [key, bytes] of samples) {
    expect((await readAll(h.backend, bucket, key)).equals(bytes), key).toBe(true)
  }
}

describe('erasure backend: drives lost, bitrot and heal', () => {
  it('reads everything with parity drives offline, refuses writes then, and heals the returning drives', async () => {
    harness = await openTempErasure(8)
    const h = harness
    const samples = await putSamples(h.backend, bucket)
    const plugs = await Promise.all(h.dirs.slice(0, 4).map((d) => unplug(d)))
    await expectAllRead(h, samples)
    const ranged = await readAll(h.backend, bucket, 'dir/three-mib', { start: 1_048_000, end: 2_200_000 })
    expect(ranged.equals(samples.get('dir/three-mib')!.subarray(1_048_000, 2_200_001))).toBe(true)
    await expect(
      h.backend.putObject({ bucket, key: 'refused', body: bodyOf(Buffer.from('x')) }),
    ).rejects.toMatchObject({
      code: 'XSiloWriteQuorum',
      status: 503,
    })
    await expect(h.backend.deleteObject(bucket, 'small.txt')).rejects.toMatchObject({
      code: 'XSiloWriteQuorum',
    })
    await expect(h.backend.createMultipartUpload({ bucket, key: 'refused-mp' })).rejects.toMatchObject({
      code: 'XSiloWriteQuorum',
    })
    // One drive back: parity - 1 drives offline, so writes succeed again.
    await plugs[0]!()
    await h.backend.putObject({
      bucket,
      key: 'while-degraded',
      body: bodyOf(Buffer.from('written with 3 drives away')),
    })
    await Promise.all(plugs.slice(1).map((plug) => plug()))
    await expect(h.backend.headObject(bucket, 'refused')).rejects.toMatchObject({ code: 'NoSuchKey' })
    const healed = await healAll(h)
    const item = healed.find((i) => i.type === 'object' && i.object === 'while-degraded')!
    expect(states(item, 'before').filter((s) => s === 'missing')).toHaveLength(3)
    expect(allOk(item, 'after')).toBe(true)
    const again = await healAll(h)
    expect(again.filter((i) => !allOk(i, 'before')).map((i) => `${i.type} ${i.object}`)).toEqual([])
  })

  it('serves a flipped byte from the other shards and heal rewrites the shard', async () => {
    harness = await openTempErasure(8)
    const h = harness
    const samples = await putSamples(h.backend, bucket)
    const file = await biggestDataFile(h.dirs[2]!)
    const flipped = await readFile(file)
    flipped[100] = flipped[100]! ^ 0xff
    await writeFile(file, flipped)
    await expectAllRead(h, samples)
    const [item] = await Promise.all(
      ['multi', 'dir/three-mib'].map((key) => h.backend.healer!.healObject(bucket, key, { dryRun: false })),
    ).then((items) => items.filter((i) => !allOk(i, 'before')))
    expect(item).toBeDefined()
    expect(states(item!, 'before')[2]).toBe('corrupt')
    expect(allOk(item!, 'after')).toBe(true)
    // With 4 other drives away, the read needs drive 3's rebuilt shards (and their hashes).
    const plugs = await Promise.all([0, 1, 3, 4].map((i) => unplug(h.dirs[i]!)))
    await expectAllRead(h, samples)
    for (const plug of plugs) await plug()
  })

  it('rebuilds a wiped drive: format, buckets, documents and objects; a second heal finds nothing', async () => {
    harness = await openTempErasure(8)
    const h = harness
    const samples = await putSamples(h.backend, bucket)
    await h.backend.putBucketDocument(bucket, 'policy.json', '{"Version":"2012-10-17"}')
    await h.backend.putSystemDocument('config/config.json', '{"region":"eu-1"}')
    await rm(join(h.dirs[5]!, '.silo.sys'), { recursive: true, force: true })
    await expectAllRead(h, samples)
    const before = await snapshot([h.dirs[5]!])
    const dry = await healAll(h, true)
    expect(dry[0]!.before.drives[5]!.state).toBe('missing')
    expect(dry[0]!.after.drives[5]!.state).toBe('missing')
    expect(await snapshot([h.dirs[5]!])).toEqual(before)
    const healed = await healAll(h)
    expect(healed[0]!.after.drives[5]!.state).toBe('ok')
    const objects = healed.filter((i) => i.type === 'object')
    expect(objects.map((i) => i.object).sort()).toEqual([...samples.keys()].sort())
    for (const i of objects) {
      expect(i.before.drives[5]!.state, i.object).toBe('missing')
      expect(allOk(i, 'after'), i.object).toBe(true)
    }
    const again = await healAll(h)
    expect(again.filter((i) => !allOk(i, 'before')).map((i) => `${i.type} ${i.object}`)).toEqual([])
    // The healed drive alone with three others (parity 4) serves everything.
    const plugs = await Promise.all([0, 1, 2, 3].map((i) => unplug(h.dirs[i]!)))
    await expectAllRead(h, samples)
    expect(await h.backend.getBucketDocument(bucket, 'policy.json')).toBe('{"Version":"2012-10-17"}')
    for (const plug of plugs) await plug()
  })

  it('changes no file on any drive in a dry run', async () => {
    harness = await openTempErasure(6)
    const h = harness
    await putSamples(h.backend, bucket)
    await rm(join(h.dirs[1]!, '.silo.sys'), { recursive: true, force: true })
    const file = await biggestDataFile(h.dirs[4]!)
    const bytes = await readFile(file)
    bytes[64] = bytes[64]! ^ 1
    await writeFile(file, bytes)
    const before = await snapshot(h.dirs)
    const items = await healAll(h, true)
    expect(items.some((i) => i.before.drives.some((d) => d.state === 'corrupt'))).toBe(true)
    for (const i of items) expect(i.after).toEqual(i.before)
    expect(await snapshot(h.dirs)).toEqual(before)
  })

  it('does not count drives wiped since the last health check toward a write quorum', async () => {
    // Health checks an hour apart: only the check at the commit barrier can notice the wipe.
    harness = await openTempErasure(4, { driveCheckIntervalMs: 3_600_000 })
    const h = harness
    await h.backend.createBucket(bucket, '')
    await h.backend.putObject({ bucket, key: 'before', body: bodyOf(Buffer.from('four drives')) })
    for (const dir of h.dirs.slice(0, 2)) await rm(join(dir, '.silo.sys'), { recursive: true, force: true })
    // The barrier's look at format.json is shared by writes within 10 ms of each other.
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Small enough to live in each drive's LMDB: a wiped drive's open store would take it.
    await expect(
      h.backend.putObject({ bucket, key: 'after', body: bodyOf(Buffer.from('two drives are gone')) }),
    ).rejects.toMatchObject({ code: 'XSiloWriteQuorum' })
    const layout = await h.backend.layout!()
    expect(layout.drives.map((d) => d.state)).toEqual(['missing', 'missing', 'ok', 'ok'])
    expect((await readAll(h.backend, bucket, 'before')).toString()).toBe('four drives')
  })

  it('removes a dangling object that no version has read quorum for', async () => {
    harness = await openTempErasure(4)
    const h = harness
    await h.backend.createBucket(bucket, '')
    await h.backend.putObject({ bucket, key: 'half', body: bodyOf(randomBytes(5000)) })
    await h.backend.close()
    // Leave the object on one drive only: what a write that never reached quorum leaves.
    for (const dir of h.dirs.slice(1)) {
      const drive = await openSingleDrive(dir)
      await drive.deleteObject(bucket, 'half')
      await drive.close()
    }
    await h.reopen!()
    await expect(h.backend.headObject(bucket, 'half')).rejects.toMatchObject({ code: 'NoSuchKey' })
    expect((await h.backend.listObjects({ bucket })).objects).toEqual([])
    const item = await h.backend.healer!.healObject(bucket, 'half', { dryRun: false })
    expect(item.detail).toMatch(/dangling/)
    expect(states(item, 'before')).toEqual(['corrupt', 'missing', 'missing', 'missing'])
    expect(states(item, 'after')).toEqual(['missing', 'missing', 'missing', 'missing'])
    const keys = []
    for await (const key of h.backend.healer!.listObjectsToHeal(bucket, '')) keys.push(key)
    expect(keys).toEqual([])
  })

  it('stores REDUCED_REDUNDANCY objects with parity 2, which three lost drives make unreadable', async () => {
    harness = await openTempErasure(8)
    const h = harness
    await h.backend.createBucket(bucket, '')
    const bytes = randomBytes(200_000)
    const headers = { 'x-amz-storage-class': 'REDUCED_REDUNDANCY' }
    await h.backend.putObject({ bucket, key: 'rrs', body: bodyOf(bytes), headers })
    await h.backend.putObject({ bucket, key: 'std', body: bodyOf(bytes) })
    expect((await h.backend.headObject(bucket, 'rrs')).headers['x-amz-storage-class']).toBe(
      'REDUCED_REDUNDANCY',
    )
    const item = await h.backend.healer!.healObject(bucket, 'rrs', { dryRun: true })
    expect([item.dataBlocks, item.parityBlocks]).toEqual([6, 2])
    const plugs = await Promise.all([0, 1, 2].map((i) => unplug(h.dirs[i]!)))
    await expect(readAll(h.backend, bucket, 'rrs')).rejects.toMatchObject({
      code: 'XSiloReadQuorum',
      status: 503,
    })
    expect((await readAll(h.backend, bucket, 'std')).equals(bytes)).toBe(true)
    for (const plug of plugs) await plug()
    expect((await readAll(h.backend, bucket, 'rrs')).equals(bytes)).toBe(true)
  })
})
