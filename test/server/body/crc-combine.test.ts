import { randomBytes } from 'node:crypto'
import { Crc32, Crc32c, Crc64Nvme } from '@aws-sdk/checksums/crc'
import { describe, expect, it } from 'vitest'
import { CRC_POLYNOMIALS, combineCrcs } from '../../../src/server/body/crc-combine.js'

const CRCS = { crc32: Crc32, crc32c: Crc32c, crc64nvme: Crc64Nvme } as const

// The reference: the AWS SDK's own CRC over the bytes themselves.
async function crcOf(name: keyof typeof CRCS, data: Uint8Array): Promise<Uint8Array> {
  const crc = new CRCS[name]()
  crc.update(data)
  return crc.digest()
}

describe('combineCrcs', () => {
  it.each(Object.keys(CRCS) as Array<keyof typeof CRCS>)(
    '%s of the parts combined equals the CRC of the whole, for any split',
    async (name) => {
      const data = randomBytes(4096)
      for (const cuts of [[0], [1], [1000], [7, 2000, 2001], [0, 4095], [100, 200, 300, 4000]]) {
        const bounds = [...cuts, data.length]
        const parts = []
        for (const [i, end] of bounds.entries()) {
          const piece = data.subarray(i === 0 ? 0 : bounds[i - 1], end)
          parts.push({ crc: await crcOf(name, piece), size: piece.length })
        }
        const combined = combineCrcs(CRC_POLYNOMIALS[name]!, parts)
        expect(Buffer.from(combined).toString('hex')).toBe(
          Buffer.from(await crcOf(name, data)).toString('hex'),
        )
      }
    },
  )
})
