import { describe, expect, it } from 'vitest'
import { shareLocation } from '../../../src/server/cluster/shared-location.js'
import type { DriveLocation, StorageDrive } from '../../../src/server/storage/storage-drive.js'

/** A location whose store counts opens and closes and answers usedBytes. */
function countingLocation() {
  const counts = { opens: 0, closes: 0 }
  const location = {
    endpoint: '/srv/d1',
    open: async () => {
      counts.opens++
      return {
        usedBytes: async () => 42,
        close: async () => {
          counts.closes++
        },
      } as unknown as StorageDrive
    },
  } as unknown as DriveLocation
  return { counts, location }
}

describe('shareLocation', () => {
  it('opens the store once for every user and closes it with the last handle', async () => {
    const { counts, location } = countingLocation()
    const shared = shareLocation(location, 'http://127.0.0.1:9001/srv/d1')
    expect(shared.endpoint).toBe('http://127.0.0.1:9001/srv/d1')
    const [a, b] = await Promise.all([shared.open(), shared.open()])
    expect(counts.opens).toBe(1)
    expect(await b.usedBytes()).toBe(42)
    await a.close()
    await a.close() // a handle gives itself back once
    expect(counts.closes).toBe(0)
    expect(await b.usedBytes()).toBe(42)
    await b.close()
    expect(counts.closes).toBe(1)
    // Opened again after the last user left: a fresh store.
    await (await shared.open()).close()
    expect(counts).toEqual({ opens: 2, closes: 2 })
  })
})
