import { describe, expect, it } from 'vitest'
import { chooseSetDriveCount } from '../../../../src/server/storage/erasure/drive-list.js'

describe('chooseSetDriveCount', () => {
  it('takes the largest even count from 4 to 16 that divides the drives, or the one asked', () => {
    expect(chooseSetDriveCount(16)).toBe(16)
    expect(chooseSetDriveCount(32)).toBe(16)
    expect(chooseSetDriveCount(24)).toBe(12)
    expect(chooseSetDriveCount(8)).toBe(8)
    expect(chooseSetDriveCount(16, 8)).toBe(8)
    expect(() => chooseSetDriveCount(16, 6)).toThrow(/cannot form sets of 6/)
    expect(() => chooseSetDriveCount(16, 5)).toThrow(/even number of drives/)
    expect(() => chooseSetDriveCount(34)).toThrow(/cannot form erasure sets/)
  })
})
