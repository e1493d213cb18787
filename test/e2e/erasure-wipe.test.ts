/**
 * Issue 8, "done when": wipe a drive's directory → every object still reads byte-identical,
 * `heal -r` restores the drive and a second heal finds nothing to do; a dry-run heal after a
 * wipe changes no file on any drive.
 */
import { randomBytes } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  createDrives,
  describeItem,
  exists,
  itemsNotOk,
  listFiles,
  MiB,
  readObject,
  runHeal,
  type SiloProcess,
  snapshotFiles,
  startErasureServer,
  statesOf,
  takeOffline,
  wipeDrive,
} from './helpers/erasure.js'

const BUCKET = 'wiped'
cleanUpErasureRuns()

/** Small, inline-sized, multi-MiB, multipart and empty objects, written through the SDK. */
async function writeObjects(client: ReturnType<SiloProcess['client']>): Promise<Map<string, Buffer>> {
  const objects = new Map<string, Buffer>([
    ['small/one.txt', Buffer.from('one small object\n')],
    ['small/two.bin', randomBytes(70_000)],
    ['small/three.bin', randomBytes(300_000)],
    ['big/five-mib.bin', randomBytes(5 * MiB + 123)],
    ['big/multipart-12-mib.bin', randomBytes(12 * MiB)],
    ['empty', Buffer.alloc(0)],
  ])
  await client.makeBucket(BUCKET)
  for (const [key, body] of objects) {
    // 5 MiB parts make the 12 MiB object a three-part multipart upload.
    await client.putObject(BUCKET, key, body, body.length, {}, { partSize: 5 * MiB })
  }
  return objects
}

/** Bytes in the shard files of `drive` (`.silo.sys/data/`). */
async function shardBytes(drive: string): Promise<number> {
  const sizes = await Promise.all(
    (await listFiles(join(drive, '.silo.sys/data'))).map(async (file) => (await stat(file)).size),
  )
  return sizes.reduce((a, b) => a + b, 0)
}

async function expectAllReadable(client: ReturnType<SiloProcess['client']>, objects: Map<string, Buffer>) {
  for (const [key, body] of objects) {
    const read = await readObject(client, BUCKET, key)
    expect(read.length, key).toBe(body.length)
    expect(read.equals(body), `${key} reads byte-identical`).toBe(true)
  }
}

describe.skipIf(!CLI_BUILT)('erasure: a wiped drive', () => {
  it('still serves every object; heal -r restores the drive; a second heal has nothing to do', async () => {
    const drives = await createDrives(8)
    const server = await startErasureServer(drives)
    const client = server.client()
    const objects = await writeObjects(client)
    const wiped = drives.paths[2]!
    const neighbour = drives.paths[5]!
    // Every drive holds shards of one size per object, so the drives' shard bytes add up the same
    // (heal may lay a multipart object's parts out in one file: count bytes, not files).
    const shardBytesOnNeighbour = await shardBytes(neighbour)
    expect(shardBytesOnNeighbour, 'a quarter of 17 MiB: the big objects have shard files').toBeGreaterThan(
      4 * MiB,
    )

    await wipeDrive(wiped)
    await expectAllReadable(client, objects)
    const listed: string[] = []
    for await (const item of client.listObjectsV2(BUCKET, '', true)) listed.push(item.name!)
    expect(listed.sort()).toEqual([...objects.keys()].sort())

    const heal = await runHeal(server, { recursive: true })
    expect(heal.summary, heal.detail).toBe('finished')
    const format = heal.items.find((item) => item.type === 'metadata')
    expect(format?.detail).toBe('disk-format')
    expect(statesOf(format!, 'before')[2]).toBe('missing')
    expect(statesOf(format!, 'after')).toEqual(Array(8).fill('ok'))
    const healedObjects = heal.items.filter((item) => item.type === 'object')
    expect(healedObjects.map((item) => item.object).sort()).toEqual([...objects.keys()].sort())
    for (const item of healedObjects) {
      expect(statesOf(item, 'before')[2], describeItem(item)).toBe('missing')
      expect(statesOf(item, 'after'), describeItem(item)).toEqual(Array(8).fill('ok'))
    }
    const bucketItem = heal.items.find((item) => item.type === 'bucket' && item.bucket === BUCKET)
    expect(bucketItem && statesOf(bucketItem, 'after')).toEqual(Array(8).fill('ok'))

    // The drive holds its format, metadata and shards again.
    expect(await exists(join(wiped, '.silo.sys/format.json'))).toBe(true)
    expect(await exists(join(wiped, '.silo.sys/meta'))).toBe(true)
    expect(await shardBytes(wiped)).toBe(shardBytesOnNeighbour)

    const again = await runHeal(server, { recursive: true })
    expect(again.summary).toBe('finished')
    expect(again.items.filter((i) => i.type === 'object')).toHaveLength(objects.size)
    expect(itemsNotOk(again.items).map(describeItem)).toEqual([])

    // The healed drive now carries its share: with 4 other drives gone, data comes from it.
    for (const drive of [0, 1, 4, 6].map((i) => drives.paths[i]!)) await takeOffline(drive)
    await expectAllReadable(client, objects)
  })

  it('a dry-run heal reports the wiped drive missing and changes no file on any drive', async () => {
    const drives = await createDrives(8)
    const server = await startErasureServer(drives)
    const objects = await writeObjects(server.client())
    const wiped = drives.paths[6]!
    await wipeDrive(wiped)
    const snapshot = () => Promise.all(drives.paths.map((drive) => snapshotFiles(drive)))
    const before = await snapshot()

    const heal = await runHeal(server, { recursive: true, dryRun: true })
    expect(heal.summary, heal.detail).toBe('finished')
    expect(await snapshot()).toEqual(before)
    expect(await exists(join(wiped, '.silo.sys/format.json'))).toBe(false)

    const format = heal.items.find((item) => item.type === 'metadata')
    expect(format && statesOf(format, 'before')[6]).toBe('missing')
    expect(format && statesOf(format, 'after')[6]).toBe('missing')
    const objectItems = heal.items.filter((item) => item.type === 'object')
    expect(objectItems).toHaveLength(objects.size)
    for (const item of objectItems) {
      const expected = Array(8).fill('ok')
      expected[6] = 'missing'
      expect(statesOf(item, 'before'), describeItem(item)).toEqual(expected)
      expect(statesOf(item, 'after'), describeItem(item)).toEqual(expected)
    }
  })
})
