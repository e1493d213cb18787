import { describe, expect, it } from 'vitest'
import { resolveScanOptions } from '../../../src/server/ilm/scan-options.js'

describe('lifecycle scan options', () => {
  it('takes the option, then SILO_ILM_*, then the documented defaults', () => {
    expect(resolveScanOptions({}, {})).toMatchObject({
      objectsPerSecond: 5000,
      intervalMs: 3_600_000,
      batchSize: 100,
    })
    const env = { SILO_ILM_OBJECTS_PER_SECOND: '0', SILO_ILM_SCAN_INTERVAL_MS: '60000' }
    expect(resolveScanOptions({}, env)).toMatchObject({ objectsPerSecond: 0, intervalMs: 60_000 })
    expect(resolveScanOptions({ objectsPerSecond: 10, intervalMs: 0 }, env)).toMatchObject({
      objectsPerSecond: 10,
      intervalMs: 0,
    })
  })

  it.each(['-1', '1.5', 'fast'])('refuses %s, naming the setting', (value) => {
    expect(() => resolveScanOptions({}, { SILO_ILM_OBJECTS_PER_SECOND: value })).toThrow(
      /SILO_ILM_OBJECTS_PER_SECOND/,
    )
  })
})
