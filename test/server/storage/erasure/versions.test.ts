/**
 * Versioning on the erasure set (issue 14), what the contract suite cannot see: versions written
 * while a drive is away and healed back, drives disagreeing on a key's latest version, a wiped
 * drive getting every version and delete marker back, and a crash mid-write of a version.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { walkHeal } from '../../../../src/server/admin/heal/walk-heal.js'
import { createVersionToken } from '../../../../src/server/storage/common/version-id.js'
import type { HealResultItem } from '../../../../src/server/storage/heal-types.js'
import { openLocalDrive } from '../../../../src/server/storage/local-drive.js'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { bodyOf, healEveryVersion, readAll, unplug } from './fixtures.js'
import { openTempErasure } from './harness.js'

type Harness = Awaited<ReturnType<typeof openTempErasure>>
let harness: Harness | undefined
afterEach(async () => {
  await harness?.cleanup()
  harness = undefined
})

const bucket = 'versions'

const healAll = (h: Harness) => healEveryVersion(h.backend)

const allOk = (item: HealResultItem) => item.after.drives.every((d) => d.state === 'ok')

async function putVersion(backend: ObjectLayer, key: string, bytes: Buffer): Promise<string> {
  const info = await backend.putObject({ bucket, key, body: bodyOf(bytes), versioning: 'Enabled' })
  expect(info.versionId).toMatch(/^[0-9a-f]{32}$/)
  return info.versionId!
}

async function readVersion(backend: ObjectLayer, key: string, versionId: string): Promise<Buffer> {
  const result = await backend.getObject(bucket, key, undefined, { versionId })
  expect(result.info.versionId).toBe(versionId)
  const chunks: Buffer[] = []
  for await (const chunk of result.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The versions listObjectVersions shows of `key`: [versionId, isLatest, deleteMarker]. */
async function versionsOf(backend: ObjectLayer, key: string): Promise<Array<[string, boolean, boolean]>> {
  const page = await backend.listObjectVersions!({ bucket, prefix: key })
  return page.versions
    .filter((v) => v.key === key)
    .map((v) => [v.versionId!, v.isLatest === true, v.deleteMarker === true])
}

/**
 * Commits, on the closed drives `dirs`, a version of `key` that no erasure write made: a newer
 * record (a write whose commit reached only these drives before a crash).
 */
async function plantLeftover(dirs: string[], key: string, data: number, parity: number): Promise<void> {
  const token = createVersionToken()
  for (const dir of dirs) {
    const drive = await openLocalDrive(dir, { fsync: false })
    const staged = await drive.writeShard({ bucket, key }, bodyOf(Buffer.alloc(40, 1)))
    const meta = {
      id: 'leftover-write',
      size: 8,
      etag: 'ffffffffffffffffffffffffffffffff',
      mtime: Date.now(),
      contentType: 'text/plain',
      headers: {},
      data,
      parity,
      blockSize: 1024 * 1024,
      dist: 0,
      shard: 0,
      version: { id: token, order: token },
    }
    await drive.commitShard(staged.id, {
      etag: meta.etag,
      meta: JSON.stringify(meta),
      version: { id: token, order: token },
    })
    await drive.close()
  }
}

describe('erasure backend: versions', () => {
  it('a version written while a drive is offline reads back, and heal gives that drive its shard', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket(bucket, '')
    const first = randomBytes(300_000)
    const second = randomBytes(200_000)
    const v1 = await putVersion(h.backend, 'doc', first)
    const plug = await unplug(h.dirs[0]!)
    const v2 = await putVersion(h.backend, 'doc', second)
    await plug()
    expect((await readVersion(h.backend, 'doc', v1)).equals(first)).toBe(true)
    expect((await readVersion(h.backend, 'doc', v2)).equals(second)).toBe(true)
    expect((await readAll(h.backend, bucket, 'doc')).equals(second)).toBe(true)
    const items = (await healAll(h)).filter((i) => i.type === 'object')
    expect(items.map((i) => i.versionId)).toEqual([v2, v1])
    expect(items[0]!.before.drives[0]!.state).toBe('missing')
    expect(items[1]!.before.drives[0]!.state).toBe('ok')
    expect(items.every(allOk)).toBe(true)
    // Drive 1 and one other (data 2) now serve v2: drive 1 holds its shard.
    const plugs = await Promise.all([1, 2].map((i) => unplug(h.dirs[i]!)))
    expect((await readVersion(h.backend, 'doc', v2)).equals(second)).toBe(true)
    expect((await readVersion(h.backend, 'doc', v1)).equals(first)).toBe(true)
    for (const p of plugs) await p()
  })

  it('an admin heal of one object heals all its versions and markers: one result item each', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket(bucket, '')
    const plug = await unplug(h.dirs[3]!)
    const v1 = await putVersion(h.backend, 'one', Buffer.from('first'))
    const v2 = await putVersion(h.backend, 'one', Buffer.from('second'))
    const marker = await h.backend.deleteObject(bucket, 'one', { versioning: 'Enabled' })
    await putVersion(h.backend, 'other', Buffer.from('not this one'))
    await plug()
    const items: HealResultItem[] = []
    await walkHeal(
      h.backend.healer!,
      { bucket, prefix: 'one' },
      {
        settings: { recursive: false, dryRun: false },
        push: async (item) => {
          items.push(item)
        },
        signal: new AbortController().signal,
      },
    )
    const objects = items.filter((i) => i.type === 'object')
    expect(objects.map((i) => `${i.object} ${i.versionId}`)).toEqual([
      `one ${(marker as { versionId: string }).versionId}`,
      `one ${v2}`,
      `one ${v1}`,
    ])
    for (const item of objects) {
      expect(item.before.drives[3]!.state).toBe('missing')
      expect(allOk(item)).toBe(true)
    }
  })

  it('a metadata update a drive missed: reads take the newest revision, heal brings the drive up to date', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket(bucket, '')
    const v1 = await putVersion(h.backend, 'tagged', Buffer.from('bytes'))
    await putVersion(h.backend, 'tagged', Buffer.from('newer'))
    const plug = await unplug(h.dirs[0]!)
    const update = (headers: Record<string, string>) => ({ ...headers, 'x-amz-meta-state': 'updated' })
    const updated = await h.backend.updateObjectMetadata!(bucket, 'tagged', v1, update)
    expect(updated.headers['x-amz-meta-state']).toBe('updated')
    await plug()
    // Drive 1 holds the old revision: the newest one is the version's metadata.
    const head = () => h.backend.headObject(bucket, 'tagged', { versionId: v1 })
    expect((await head()).headers['x-amz-meta-state']).toBe('updated')
    const healed = (await healAll(h)).find((i) => i.type === 'object' && i.versionId === v1)!
    expect(healed.before.drives.map((d) => d.state)).toEqual(['corrupt', 'ok', 'ok', 'ok'])
    expect(allOk(healed)).toBe(true)
    // A second heal finds every drive up to date.
    const again = (await healAll(h)).filter((i) => i.type === 'object')
    expect(again.every((i) => i.before.drives.every((d) => d.state === 'ok'))).toBe(true)
    expect((await head()).headers['x-amz-meta-state']).toBe('updated')
    expect((await readVersion(h.backend, 'tagged', v1)).toString()).toBe('bytes')
  })

  it('a delete marker written while a drive was away hides the key, though that drive still lists it', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket(bucket, '')
    const v1 = await putVersion(h.backend, 'dir/gone', Buffer.from('deleted later'))
    await putVersion(h.backend, 'dir/stays', Buffer.from('kept'))
    const plug = await unplug(h.dirs[0]!)
    const marker = await h.backend.deleteObject(bucket, 'dir/gone', { versioning: 'Enabled' })
    await plug()
    expect((await h.backend.listObjects({ bucket })).objects.map((o) => o.key)).toEqual(['dir/stays'])
    await expect(h.backend.headObject(bucket, 'dir/gone')).rejects.toMatchObject({ code: 'NoSuchKey' })
    expect(await versionsOf(h.backend, 'dir/gone')).toEqual([
      [(marker as { versionId: string }).versionId, true, true],
      [v1, false, false],
    ])
  })

  it('drives disagreeing on the latest version: the newest one read quorum holds wins, as unversioned', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket(bucket, '')
    const bytes = Buffer.from('the agreed version')
    const v1 = await putVersion(h.backend, 'k', bytes)
    await h.backend.close()
    // One drive's latest is a version no write committed on enough drives.
    await plantLeftover([h.dirs[0]!], 'k', 2, 2)
    await h.reopen!()
    expect((await readAll(h.backend, bucket, 'k')).toString()).toBe('the agreed version')
    expect((await h.backend.headObject(bucket, 'k')).versionId).toBe(v1)
    expect(await versionsOf(h.backend, 'k')).toEqual([[v1, true, false]])
    expect((await h.backend.listObjects({ bucket })).objects.map((o) => o.etag)).toEqual([
      (await h.backend.headObject(bucket, 'k')).etag,
    ])
    // Heal removes the leftover (every drive is online) and keeps the version.
    await healAll(h)
    expect(await versionsOf(h.backend, 'k')).toEqual([[v1, true, false]])
  })

  it('drives whose latest records all lack quorum: the newest version enough drives hold is read', async () => {
    harness = await openTempErasure(6, { standardParity: 2, fsync: false })
    const h = harness
    await h.backend.createBucket(bucket, '')
    const v1 = await putVersion(h.backend, 'k', Buffer.from('older, on every drive'))
    await h.backend.close()
    // Three of six drives (data 4) show a leftover as their latest: no latest has quorum.
    await plantLeftover(h.dirs.slice(0, 3), 'k', 4, 2)
    await h.reopen!()
    expect((await readAll(h.backend, bucket, 'k')).toString()).toBe('older, on every drive')
    expect((await h.backend.headObject(bucket, 'k')).versionId).toBe(v1)
    expect(await versionsOf(h.backend, 'k')).toEqual([[v1, true, false]])
  })

  it('lists versions page by page past versions one drive holds alone (more rounds of the merge)', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket(bucket, '')
    const keys = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5']
    const ids = new Map<string, string>()
    for (const key of keys) ids.set(key, await putVersion(h.backend, key, Buffer.from(key)))
    await h.backend.close()
    // Drive 1 lists a newer leftover before every key's version: its pages hold half as much.
    for (const key of keys) await plantLeftover([h.dirs[0]!], key, 2, 2)
    await h.reopen!()
    const seen: string[] = []
    let keyMarker: string | undefined
    let versionIdMarker: string | undefined
    for (let page = 0; page < 10; page++) {
      const result = await h.backend.listObjectVersions!({ bucket, keyMarker, versionIdMarker, maxKeys: 2 })
      expect(result.versions.length).toBeLessThanOrEqual(2)
      seen.push(...result.versions.map((v) => `${v.key} ${v.versionId} ${v.isLatest}`))
      if (!result.isTruncated) break
      expect(result.versions).toHaveLength(2)
      keyMarker = result.nextKeyMarker
      versionIdMarker = result.nextVersionIdMarker
    }
    expect(seen).toEqual(keys.map((key) => `${key} ${ids.get(key)} true`))
    expect((await h.backend.listObjects({ bucket, maxKeys: 2 })).objects.map((o) => o.key)).toEqual([
      'k0',
      'k1',
    ])
  })

  it('heal after a drive is wiped restores every version and delete marker', async () => {
    harness = await openTempErasure(4, { fsync: false })
    const h = harness
    await h.backend.createBucket(bucket, '')
    const bodies = new Map<string, Buffer>()
    for (let i = 0; i < 3; i++) {
      const bytes = randomBytes(50_000 + i * 70_000)
      bodies.set(await putVersion(h.backend, 'many', bytes), bytes)
    }
    const marker = await h.backend.deleteObject(bucket, 'many', { versioning: 'Enabled' })
    expect(marker).toMatchObject({ deleteMarker: true })
    await h.backend.putObject({
      bucket,
      key: 'null-one',
      body: bodyOf(Buffer.from('null')),
      versioning: 'Suspended',
    })
    const listedBefore = await h.backend.listObjectVersions!({ bucket })
    await rm(join(h.dirs[0]!, '.silo.sys'), { recursive: true, force: true })
    await mkdir(h.dirs[0]!, { recursive: true })
    const items = (await healAll(h)).filter((i) => i.type === 'object')
    // One item per version: 3 versions and the marker of `many`, the null version of `null-one`.
    expect(items).toHaveLength(5)
    expect(items.every(allOk)).toBe(true)
    // Drive 1 and one other serve every version, and list the same versions and markers.
    const plugs = await Promise.all([1, 2].map((i) => unplug(h.dirs[i]!)))
    expect(await h.backend.listObjectVersions!({ bucket })).toEqual(listedBefore)
    for (const [versionId, bytes] of bodies) {
      expect((await readVersion(h.backend, 'many', versionId)).equals(bytes)).toBe(true)
    }
    await expect(h.backend.headObject(bucket, 'many')).rejects.toMatchObject({ code: 'NoSuchKey' })
    expect((await readAll(h.backend, bucket, 'null-one')).toString()).toBe('null')
    for (const p of plugs) await p()
  })

  it('a crash mid-write of a version leaves no part of it; the versions before it stay', async () => {
    harness = await openTempErasure(4)
    const h = harness
    await h.backend.createBucket(bucket, '')
    const v1 = await putVersion(h.backend, 'crashed', Buffer.from('before the crash'))
    process.env.SILO_CRASH_WRITER_VERSIONING = 'Enabled'
    try {
      await h.crashMidWrite!(bucket, 'crashed')
    } finally {
      delete process.env.SILO_CRASH_WRITER_VERSIONING
    }
    expect(await versionsOf(h.backend, 'crashed')).toEqual([[v1, true, false]])
    expect((await readAll(h.backend, bucket, 'crashed')).toString()).toBe('before the crash')
    expect(await h.countTempFiles!()).toBe(0)
    const items = (await healAll(h)).filter((i) => i.type === 'object')
    expect(items.map((i) => i.versionId)).toEqual([v1])
  })
})
