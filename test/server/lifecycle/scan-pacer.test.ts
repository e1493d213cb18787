import { describe, expect, it } from 'vitest'
import { ScanPacer } from '../../../src/server/ilm/scan-pacer.js'

describe('ScanPacer', () => {
  it('yields after each batch and sleeps what the rate owes (counted, not timed)', async () => {
    const slept: number[] = []
    const pacer = new ScanPacer(5, 10, async (ms) => {
      slept.push(ms)
    })
    for (let i = 0; i < 12; i++) await pacer.tick()
    expect(pacer.counts).toEqual({ batches: 2, yields: 2, sleeps: 2 })
    // 5 items at 10 a second owe half a second each, less the (small) time the batch took.
    for (const ms of slept) expect(ms).toBeGreaterThan(400)
  })

  it('never sleeps at rate 0', async () => {
    const pacer = new ScanPacer(3, 0, async () => {
      throw new Error('slept')
    })
    for (let i = 0; i < 9; i++) await pacer.tick()
    expect(pacer.counts).toEqual({ batches: 3, yields: 3, sleeps: 0 })
  })
})
