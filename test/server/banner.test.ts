import { describe, expect, it } from 'vitest'
import { formatBanner } from '../../src/server/banner.js'

const base = {
  endpoints: ['http://127.0.0.1:9000'],
  accessKey: 'admin',
  secretKey: 'a-long-secret',
  region: 'us-east-1',
  usingDefaultCredential: false,
}

describe('formatBanner', () => {
  it('has no drives line on one drive', () => {
    expect(formatBanner(base)).toBe(
      [
        'Endpoint:  http://127.0.0.1:9000',
        'AccessKey: admin',
        'SecretKey: a-long-secret',
        'Region:    us-east-1',
      ].join('\n'),
    )
  })

  it('names the drives and the data + parity split in erasure mode', () => {
    const banner = formatBanner({ ...base, erasure: { drives: 8, data: 4, parity: 4 } })
    expect(banner.split('\n').slice(3)).toEqual(['Region:    us-east-1', 'Drives:    8 (EC 4+4)'])
    const sets = formatBanner({ ...base, erasure: { drives: 32, sets: 2, data: 8, parity: 8 } })
    expect(sets.split('\n').at(-1)).toBe('Drives:    32 (2 sets of 16, EC 8+8)')
  })
})
