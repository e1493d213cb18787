/**
 * Issue 8, "done when": flip a byte in one shard file → reads (whole and ranged) return the
 * exact bytes; heal reports the drive `corrupt` and rewrites the shard.
 */
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  createDrives,
  describeItem,
  itemsNotOk,
  listFiles,
  MiB,
  readObject,
  readRange,
  runHeal,
  sha256,
  startErasureServer,
  statesOf,
} from './helpers/erasure.js'

const BUCKET = 'rot'
const KEY = 'photos/big.raw'
cleanUpErasureRuns()

/** The contents of every shard file on `drive`, as a sorted list of hashes (names may change on heal). */
async function shardHashes(drive: string): Promise<string[]> {
  const files = await listFiles(join(drive, '.silo.sys/data'))
  return (await Promise.all(files.map(async (file) => sha256(await readFile(file))))).sort()
}

describe.skipIf(!CLI_BUILT)('erasure: bitrot', () => {
  it('a flipped byte in one shard file is served around and healed', async () => {
    const drives = await createDrives(8)
    const server = await startErasureServer(drives)
    const client = server.client()
    await client.makeBucket(BUCKET)
    // 9 MiB over 4 data shards: every shard is well past the inline limit, so it is a file.
    const body = randomBytes(9 * MiB + 4321)
    await client.putObject(BUCKET, KEY, body, body.length)

    const victim = 3
    const drive = drives.paths[victim]!
    const [file, ...others] = await listFiles(join(drive, '.silo.sys/data'))
    expect(file, `a shard file on ${drive}`).toBeDefined()
    expect(others, 'one object, one shard file per drive').toHaveLength(0)
    const original = await readFile(file!)
    expect(original.length).toBeGreaterThan(32 + 1024)
    const before = await shardHashes(drive)
    const flipped = Buffer.from(original)
    const at = 32 + 1000 // past the first block's 32-byte hash, inside its shard bytes
    flipped[at] = flipped[at]! ^ 0x5a
    await writeFile(file!, flipped)

    expect((await readObject(client, BUCKET, KEY)).equals(body)).toBe(true)
    // Ranged reads over the first block (where the flip is, whichever shard this drive holds),
    // one straddling blocks, and the tail.
    for (const [offset, length] of [
      [0, 64 * 1024],
      [900, 3 * MiB],
      [2 * MiB + 17, 4 * MiB],
      [body.length - 5000, 5000],
    ] as const) {
      const range = await readRange(client, BUCKET, KEY, offset, length)
      expect(range.equals(body.subarray(offset, offset + length)), `range ${offset}+${length}`).toBe(true)
    }

    const heal = await runHeal(server, { bucket: BUCKET, recursive: true })
    expect(heal.summary, heal.detail).toBe('finished')
    const item = heal.items.find((i) => i.type === 'object' && i.object === KEY)
    expect(item, 'an item for the object').toBeDefined()
    const expected = Array(8).fill('ok')
    expected[victim] = 'corrupt'
    expect(statesOf(item!, 'before'), describeItem(item!)).toEqual(expected)
    expect(statesOf(item!, 'after'), describeItem(item!)).toEqual(Array(8).fill('ok'))
    expect(await shardHashes(drive), 'the shard is rewritten with its original bytes').toEqual(before)

    const again = await runHeal(server, { bucket: BUCKET, recursive: true })
    expect(itemsNotOk(again.items).map(describeItem)).toEqual([])
    expect((await readObject(client, BUCKET, KEY)).equals(body)).toBe(true)
  })

  it('corrupt shards on `parity` drives still read exactly; on more, a read fails instead of returning wrong bytes', async () => {
    const drives = await createDrives(8)
    const server = await startErasureServer(drives)
    const client = server.client()
    await client.makeBucket(BUCKET)
    const body = randomBytes(6 * MiB + 99)
    await client.putObject(BUCKET, KEY, body, body.length)
    const flipOn = async (drive: string) => {
      const [file] = await listFiles(join(drive, '.silo.sys/data'))
      const bytes = await readFile(file!)
      // One flip in the first block and one in the last of this shard file.
      for (const at of [40, bytes.length - 7]) bytes[at] = bytes[at]! ^ 0xff
      await writeFile(file!, bytes)
    }
    const outcome = () =>
      readObject(client, BUCKET, KEY).then(
        (read) => (read.equals(body) ? 'exact bytes' : `WRONG BYTES (${read.length})`),
        () => 'refused',
      )
    for (const i of [0, 2, 5, 7]) await flipOn(drives.paths[i]!)
    expect(await outcome()).toBe('exact bytes')
    expect((await readRange(client, BUCKET, KEY, 10, 100)).equals(body.subarray(10, 110))).toBe(true)
    await flipOn(drives.paths[4]!)
    expect(await outcome()).toBe('refused')
  })
})
