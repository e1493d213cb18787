import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveDriveArgs } from '../../src/cli/commands/server.js'

describe('silo server DIR...: the drive list', () => {
  it('one directory is the single-drive backend, even through an ellipsis of one', async () => {
    expect(await resolveDriveArgs(['./data'])).toEqual(['./data'])
    expect(await resolveDriveArgs(['/data{3...3}'])).toEqual(['/data3'])
  })

  it('expands ellipses and keeps the order given', async () => {
    expect(await resolveDriveArgs(['/data{1...8}'])).toEqual(
      Array.from({ length: 8 }, (_, i) => `/data${i + 1}`),
    )
    expect(await resolveDriveArgs(['/z', '/a{1...2}', '/m'])).toEqual(['/z', '/a1', '/a2', '/m'])
    expect(await resolveDriveArgs(['/mnt/disk{1...2}/d{01...08}'])).toHaveLength(16)
    // More than 16: erasure sets (18 = three sets of 6, 32 = two of 16).
    expect(await resolveDriveArgs(['/d{1...18}'])).toHaveLength(18)
    expect(await resolveDriveArgs(['/mnt/disk{1...4}/d{1...8}'])).toHaveLength(32)
  })

  it.each([
    [['/a', '/b'], 'erasure mode needs at least 4 drives, got 2 (give one DIR for a single drive)'],
    [['/d{1...3}'], 'erasure mode needs at least 4 drives, got 3'],
    [
      ['/d{1...34}'],
      '34 drives cannot form erasure sets of 4 to 16 drives (an even count that divides the total)',
    ],
    [['/d{1...19}'], '19 drives cannot form erasure sets of 4 to 16 drives'],
    [['/d{1...5}'], 'erasure mode needs an even number of drives (4, 6, ... 16), got 5'],
    [['/d{1...4}', '/d2', '/x'], `drive ${resolve('/d2')} is given twice ('/d2' and '/d2')`],
    [['d1', './d1', 'd2', 'd3'], `drive ${resolve('d1')} is given twice ('d1' and './d1')`],
    [['/d{1..4}'], "'/d{1..4}': {1..4} is not a range"],
  ])('refuses %j: %s', async (args, message) => {
    await expect(resolveDriveArgs(args)).rejects.toThrow(message)
  })
})
