import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { md5 } from '../../../src/sdk/platform/md5.js'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

describe('browser MD5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('matches RFC 1321 for %j', (input, digest) => {
    expect(hex(md5(new TextEncoder().encode(input)))).toBe(digest)
  })

  it('agrees with node:crypto at every length around the 64-byte block edges', () => {
    for (const length of [55, 56, 57, 63, 64, 65, 119, 120, 1000, 100_003]) {
      const data = randomBytes(length)
      expect(hex(md5(data))).toBe(createHash('md5').update(data).digest('hex'))
    }
  })
})
