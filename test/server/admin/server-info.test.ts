import { describe, expect, it } from 'vitest'
import { describeErasure } from '../../../src/server/admin/server-info.js'
import type { DriveState } from '../../../src/server/storage/heal-types.js'

describe('describeErasure (info for erasure-coded backends)', () => {
  it('counts ok drives online and every other state offline, and splits the drives into their sets', () => {
    const states: DriveState[] = ['ok', 'offline', 'ok', 'missing', 'ok', 'ok', 'corrupt', 'ok']
    const drives = states.map((state, i) => ({ uuid: `u${i}`, endpoint: `/data${i + 1}`, state }))
    const info = describeErasure('Erasure', {
      setCount: 2,
      drives,
      standard: { data: 2, parity: 2 },
      reduced: { data: 2, parity: 2 },
    })
    expect(info).toEqual({
      backendType: 'Erasure',
      onlineDisks: 5,
      offlineDisks: 3,
      standardSCData: 2,
      standardSCParity: 2,
      rrSCData: 2,
      rrSCParity: 2,
      sets: [drives.slice(0, 4), drives.slice(4)],
    })
  })
})
