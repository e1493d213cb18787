/**
 * Issue 8, "done when": with `parity` drives offline reads work and writes give the quorum error
 * and store nothing; with parity − 1 offline writes succeed; bring the drives back, heal, and
 * every drive holds every object.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Client } from '../../src/index.js'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  codeOf,
  createDrives,
  describeItem,
  itemsNotOk,
  MiB,
  readObject,
  runHeal,
  startErasureServer,
  takeOffline,
} from './helpers/erasure.js'

const BUCKET = 'quorum'
cleanUpErasureRuns()

async function expectReads(client: Client, objects: Map<string, Buffer>) {
  for (const [key, body] of objects) {
    expect((await readObject(client, BUCKET, key)).equals(body), `${key} reads byte-identical`).toBe(true)
  }
}

async function listKeys(client: Client): Promise<string[]> {
  const keys: string[] = []
  for await (const item of client.listObjectsV2(BUCKET, '', true)) keys.push(item.name!)
  return keys.sort()
}

const multipart = { partSize: 5 * MiB }

describe.skipIf(!CLI_BUILT)('erasure: quorum', () => {
  it('parity − 1 drives offline: writes succeed; parity offline: reads work, writes are refused and store nothing', async () => {
    const drives = await createDrives(8)
    const server = await startErasureServer(drives)
    const client = server.client()
    await client.makeBucket(BUCKET)
    const objects = new Map<string, Buffer>([
      ['base/small.txt', Buffer.from('written with every drive online')],
      ['base/big.bin', randomBytes(6 * MiB + 1)],
      ['base/doomed.txt', Buffer.from('deleted while three drives are away')],
      ['base/kept.txt', Buffer.from('a delete of this one is refused')],
    ])
    for (const [key, body] of objects) await client.putObject(BUCKET, key, body, body.length)

    // Three drives (parity − 1) away: every kind of write still has its quorum.
    const back: Array<() => Promise<void>> = []
    for (const i of [0, 1, 2]) back.push(await takeOffline(drives.paths[i]!))
    const degraded = new Map<string, Buffer>([
      ['degraded/small.txt', Buffer.from('written with three drives away')],
      ['degraded/big.bin', randomBytes(5 * MiB + 7)],
      ['degraded/multipart.bin', randomBytes(11 * MiB)],
    ])
    for (const [key, body] of degraded) await client.putObject(BUCKET, key, body, body.length, {}, multipart)
    await client.removeObject(BUCKET, 'base/doomed.txt')
    objects.delete('base/doomed.txt')
    for (const [key, body] of degraded) objects.set(key, body)
    await expectReads(client, objects)

    // The fourth (parity) away: reads work, writes are refused with 503 XSiloWriteQuorum.
    back.push(await takeOffline(drives.paths[5]!))
    await expectReads(client, objects)
    expect(await listKeys(client)).toEqual([...objects.keys()].sort())
    const refused = '503 XSiloWriteQuorum'
    expect(await codeOf(client.putObject(BUCKET, 'refused/put.txt', 'no quorum'))).toBe(refused)
    const big = randomBytes(2 * MiB)
    expect(await codeOf(client.putObject(BUCKET, 'refused/put.bin', big, big.length))).toBe(refused)
    const parts = randomBytes(11 * MiB)
    expect(
      await codeOf(client.putObject(BUCKET, 'refused/multipart.bin', parts, parts.length, {}, multipart)),
    ).toBe(refused)
    expect(await codeOf(client.removeObject(BUCKET, 'base/kept.txt'))).toBe(refused)
    expect(await codeOf(client.putObject(BUCKET, 'base/small.txt', 'an overwrite'))).toBe(refused)
    await expectReads(client, objects)

    // Drives back: nothing of the refused writes exists, the refused delete deleted nothing.
    for (const restore of back) await restore()
    for (const key of ['refused/put.txt', 'refused/put.bin', 'refused/multipart.bin']) {
      expect(await codeOf(client.statObject(BUCKET, key)), key).toBe('404 NotFound')
      expect(await codeOf(readObject(client, BUCKET, key)), key).toBe('404 NoSuchKey')
    }
    const uploads: string[] = []
    for await (const upload of client.listIncompleteUploads(BUCKET, '', true))
      uploads.push(String(upload.key))
    expect(uploads).toEqual([])
    // The object deleted with three drives away stays deleted, though those drives still hold it.
    expect(await codeOf(readObject(client, BUCKET, 'base/doomed.txt'))).toBe('404 NoSuchKey')
    expect(await listKeys(client)).toEqual([...objects.keys()].sort())
    await expectReads(client, objects)

    const heal = await runHeal(server, { recursive: true })
    expect(heal.summary, heal.detail).toBe('finished')
    const healedKeys = heal.items.filter((i) => i.type === 'object').map((i) => i.object)
    for (const key of degraded.keys()) expect(healedKeys).toContain(key)

    // A second pass finds every object on every drive, so each drive holds every object.
    const again = await runHeal(server, { recursive: true })
    expect(again.summary).toBe('finished')
    expect(
      again.items
        .filter((i) => i.type === 'object')
        .map((i) => i.object)
        .sort(),
    ).toEqual([...objects.keys()].sort())
    expect(itemsNotOk(again.items).map(describeItem)).toEqual([])
    expect(await listKeys(client)).toEqual([...objects.keys()].sort())
    await expectReads(client, objects)
  })

  it('reads need `data` drives: REDUCED_REDUNDANCY (EC 6+2) loses its quorum at 3 drives away, STANDARD (EC 4+4) at 5', async () => {
    const drives = await createDrives(8)
    const server = await startErasureServer(drives)
    const client = server.client()
    await client.makeBucket(BUCKET)
    const standard = randomBytes(3 * MiB + 5)
    const reduced = randomBytes(3 * MiB + 6)
    await client.putObject(BUCKET, 'standard.bin', standard, standard.length)
    await client.putObject(BUCKET, 'reduced.bin', reduced, reduced.length, {
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    })
    const readable = async (key: string, body: Buffer) =>
      (await readObject(client, BUCKET, key)).equals(body) ? 'ok' : 'wrong bytes'
    const back: Array<() => Promise<void>> = []
    for (const i of [7, 3]) back.push(await takeOffline(drives.paths[i]!))
    expect(await readable('standard.bin', standard)).toBe('ok')
    expect(await readable('reduced.bin', reduced)).toBe('ok')
    back.push(await takeOffline(drives.paths[0]!))
    expect(await readable('standard.bin', standard)).toBe('ok')
    expect(await codeOf(readObject(client, BUCKET, 'reduced.bin'))).toBe('503 XSiloReadQuorum')
    for (const i of [1, 5]) back.push(await takeOffline(drives.paths[i]!))
    expect(await codeOf(readObject(client, BUCKET, 'standard.bin'))).toBe('503 XSiloReadQuorum')
    for (const restore of back) await restore()
    expect(await readable('standard.bin', standard)).toBe('ok')
    expect(await readable('reduced.bin', reduced)).toBe('ok')
  })
})
