import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { setIndexOf } from '../../../../src/server/storage/erasure-sets.js'
import { useStorage } from '../contract/use-storage.js'
import { bodyOf, healEveryVersion, putSamples, readAll, unplug } from '../erasure/fixtures.js'
import { drivesOfSet, keysOfSet, openTempSets } from './harness.js'

const BUCKET = 'healing'

describe('erasure sets: heal', () => {
  const storage = useStorage(() => openTempSets(2))

  it('rebuilds a wiped drive of the second set: its format, the bucket, its objects', async () => {
    const h = storage()
    const samples = await putSamples(h.backend, BUCKET)
    // Objects of the second set: inline-sized and with shard files (300 KB), and a version.
    for (const [n, key] of keysOfSet(1, 2, 6, (k) => `second/${k}`).entries()) {
      const bytes = randomBytes(n % 2 === 0 ? 300_000 : 2_000)
      const versioning = n === 0 ? ('Enabled' as const) : undefined
      await h.backend.putObject({ bucket: BUCKET, key, body: bodyOf(bytes), size: bytes.length, versioning })
      samples.set(key, bytes)
    }
    const second = drivesOfSet(h.dirs, 1)
    const wiped = second[0]!
    await rm(join(wiped, '.silo.sys'), { recursive: true, force: true })
    const items = await healEveryVersion(h.backend)
    const [format] = items
    expect(format).toMatchObject({ type: 'metadata', setCount: 2, diskCount: 8 })
    expect(format!.before.drives.map((d) => d.state)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'missing',
      'ok',
      'ok',
      'ok',
    ])
    expect(format!.after.drives.every((d) => d.state === 'ok')).toBe(true)
    const bucket = items.find((i) => i.type === 'bucket')!
    expect(bucket.before.drives[4]!.state).toBe('missing')
    expect(bucket.after.drives.every((d) => d.state === 'ok')).toBe(true)
    // Each object once, healed in its own set: the wiped drive lacked those of the second set.
    const objects = items.filter((i) => i.type === 'object')
    expect(objects.map((i) => i.object).sort()).toEqual([...samples.keys()].sort())
    for (const item of objects) {
      const inSecond = setIndexOf(item.object, 2) === 1
      expect(item.before.drives.map((d) => d.state).includes('missing'), item.object).toBe(inSecond)
      expect(
        item.after.drives.every((d) => d.state === 'ok'),
        item.object,
      ).toBe(true)
    }
    // The second set on the healed drive and one other (2+2): everything reads.
    const plugs = await Promise.all(second.slice(1, 3).map(unplug))
    for (const [key, bytes] of samples)
      expect((await readAll(h.backend, BUCKET, key)).equals(bytes), key).toBe(true)
    for (const plug of plugs) await plug()
    const again = await healEveryVersion(h.backend)
    expect(again.filter((i) => !i.before.drives.every((d) => d.state === 'ok')).map((i) => i.object)).toEqual(
      [],
    )
  })
})
