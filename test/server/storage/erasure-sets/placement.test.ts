import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { crc32 } from '../../../../src/server/crc32.js'
import { useStorage } from '../contract/use-storage.js'
import { bodyOf, readAll } from '../erasure/fixtures.js'
import { countDataFiles } from '../single-drive/harness.js'
import { drivesOfSet, openTempSets, SET_DRIVES } from './harness.js'

describe('erasure sets: where objects go', () => {
  const sets = 3
  const storage = useStorage(() => openTempSets(sets))

  it('writes each object on the drives of set crc32(key) % sets, and only there', async () => {
    const h = storage()
    await h.backend.createBucket('placed', '')
    // 600 KiB: 300 KiB shards, past the drives' inline limit, so each shard is a data file.
    const body = randomBytes(600 * 1024)
    const used = new Set<number>()
    for (let i = 0; i < 24; i++) {
      const key = `photos/${i}.jpg`
      const before = await Promise.all(h.dirs.map(countDataFiles))
      await h.backend.putObject({ bucket: 'placed', key, body: bodyOf(body), size: body.length })
      const after = await Promise.all(h.dirs.map(countDataFiles))
      const set = crc32(Buffer.from(key, 'utf8')) % sets
      used.add(set)
      const wrote = h.dirs.map((_, d) => after[d]! > before[d]!)
      expect(wrote, key).toEqual(h.dirs.map((_, d) => Math.floor(d / SET_DRIVES) === set))
    }
    expect([...used].sort()).toEqual([0, 1, 2])
    // Read back through the sets, after a restart (the same placement every time).
    await h.reopen!()
    for (let i = 0; i < 24; i++) {
      expect((await readAll(h.backend, 'placed', `photos/${i}.jpg`)).equals(body)).toBe(true)
    }
  })

  it('reports every set in its layout, the drives in set order', async () => {
    const h = storage()
    const layout = await h.backend.layout!()
    expect(layout.setCount).toBe(sets)
    expect(layout.drives.map((d) => d.endpoint)).toEqual([0, 1, 2].flatMap((set) => drivesOfSet(h.dirs, set)))
    expect(layout.standard).toEqual({ data: 2, parity: 2 })
  })
})
