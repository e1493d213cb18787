/**
 * `silo server` on 32 drives: two erasure sets of 16 (EC 8+8 each), objects placed by their
 * key's CRC-32, listings merged over both sets, as one deployment to the SDK and `admin info`.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLI_BUILT, cleanUpErasureRuns, createDrives, readObject, startSilo } from './helpers/erasure.js'

cleanUpErasureRuns()

const BUCKET = 'two-sets'
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of stream) out.push(item)
  return out
}

describe.skipIf(!CLI_BUILT)('silo server /d{1...32}: two erasure sets', () => {
  it('stores, lists and reads a few hundred keys; admin info shows two sets of 16 drives', async () => {
    const drives = await createDrives(32)
    const server = await startSilo([join(drives.root, 'd{1...32}')], {}, 60_000)
    expect(server.output()).toMatch(/^Drives: +32 \(2 sets of 16, EC 8\+8\)$/m)
    const [info] = await server.admin().serverInfo()
    const backend = info!.storage.backend
    expect(backend).toMatchObject({ backendType: 'Erasure', onlineDisks: 32, offlineDisks: 0 })
    expect(backend.sets?.map((set) => set.length)).toEqual([16, 16])
    expect(backend.sets!.flat().map((drive) => drive.endpoint)).toEqual(drives.paths)

    const client = server.client()
    await client.makeBucket(BUCKET)
    const keys = Array.from({ length: 320 }, (_, i) => (i % 5 === 0 ? `top-${i}` : `dir-${i % 7}/key-${i}`))
    const body = (key: string) => `contents of ${key}`
    for (let at = 0; at < keys.length; at += 16) {
      await Promise.all(keys.slice(at, at + 16).map((key) => client.putObject(BUCKET, key, body(key))))
    }
    const listed = await collect(client.listObjectsV2(BUCKET, '', true))
    expect(listed.map((item) => item.name)).toEqual([...keys].sort(byteOrder))
    // Each common prefix once, though both sets hold keys under it.
    const top = await collect(client.listObjectsV2(BUCKET, '', false))
    expect(top.flatMap((item) => (item.prefix ? [item.prefix] : []))).toEqual(
      Array.from({ length: 7 }, (_, i) => `dir-${i}/`),
    )
    expect(top.filter((item) => item.name !== undefined)).toHaveLength(
      keys.filter((k) => k.startsWith('top-')).length,
    )
    for (const key of keys.filter((_, i) => i % 16 === 3)) {
      expect((await readObject(client, BUCKET, key)).toString()).toBe(body(key))
    }
  })
})
