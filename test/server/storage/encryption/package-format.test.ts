import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  decryptSegments,
  PLAIN_BATCH_SIZE,
} from '../../../../src/server/storage/encryption/decrypt-stream.js'
import {
  encryptStream,
  PACKAGE_SIZE,
  plainSize,
  SALT_SIZE,
  SEALED_BATCH_SIZE,
  SEALED_PACKAGE_SIZE,
  sealedSize,
} from '../../../../src/server/storage/encryption/package-format.js'
import { planRead } from '../../../../src/server/storage/encryption/read-plan.js'
import { bodyOf, patternBytes } from '../contract/helpers.js'

const objectKey = Buffer.alloc(32, 3)

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of source) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

async function seal(plain: Uint8Array, partNumber = 0, chunkSize = 10_000): Promise<Buffer> {
  return collect(
    encryptStream(
      bodyOf(plain, chunkSize),
      objectKey,
      partNumber,
      () => {},
      () => {},
    ),
  )
}

async function open(stored: Buffer, partNumber = 0, key: Uint8Array = objectKey): Promise<Buffer> {
  const plan = planRead([{ partNumber, storedSize: stored.length }])
  return collect(decryptSegments(bodyOf(stored), plan.segments, key, plan.plain))
}

describe('encrypted stream format', () => {
  it.each([0, 1, PACKAGE_SIZE - 1, PACKAGE_SIZE, PACKAGE_SIZE + 1, 3 * PACKAGE_SIZE, 3 * PACKAGE_SIZE + 17])(
    'stores %i bytes as salt + packages + tags and reads them back',
    async (size) => {
      const plain = patternBytes(size)
      const stored = await seal(plain)
      expect(stored.length).toBe(sealedSize(size))
      expect(plainSize(stored.length)).toBe(size)
      expect((await open(stored)).equals(plain)).toBe(true)
    },
  )

  it('gives the same stored bytes whatever the chunking of the body, apart from the salt and key', async () => {
    const plain = patternBytes(2 * PACKAGE_SIZE + 5)
    for (const chunk of [1000, PACKAGE_SIZE, PACKAGE_SIZE + 1, 5 * PACKAGE_SIZE]) {
      expect((await open(await seal(plain, 0, chunk))).equals(plain), `chunks of ${chunk}`).toBe(true)
    }
  })

  it('reads back whatever the chunking of the stored bytes (tags split across chunks)', async () => {
    const plain = patternBytes(3 * PACKAGE_SIZE + 40)
    const stored = await seal(plain)
    for (const chunk of [7, 16, 4099, SEALED_PACKAGE_SIZE - 8, SEALED_PACKAGE_SIZE + 1]) {
      const plan = planRead([{ partNumber: 0, storedSize: stored.length }])
      const read = await collect(decryptSegments(bodyOf(stored, chunk), plan.segments, objectKey, plan.plain))
      expect(read.equals(plain), `chunks of ${chunk}`).toBe(true)
    }
  })

  it('hands the backend sealed batches of about 1 MiB, not each package and tag apart', async () => {
    const plain = patternBytes(4 * 1024 * 1024 + 5)
    const pieces: Buffer[] = []
    for await (const piece of encryptStream(
      bodyOf(plain, 10_000),
      objectKey,
      0,
      () => {},
      () => {},
    )) {
      pieces.push(piece)
    }
    const stored = Buffer.concat(pieces)
    expect(stored.length).toBe(sealedSize(plain.length))
    expect(pieces.length).toBe(Math.ceil(stored.length / SEALED_BATCH_SIZE))
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(SEALED_BATCH_SIZE)
    expect((await open(stored)).equals(plain)).toBe(true)
  })

  it('hands on plaintext in batches of about 1 MiB when the stored bytes come in big reads', async () => {
    const plain = patternBytes(4 * 1024 * 1024 + 5)
    const stored = await seal(plain)
    const plan = planRead([{ partNumber: 0, storedSize: stored.length }])
    const pieces: Buffer[] = []
    for await (const piece of decryptSegments(
      bodyOf(stored, 1024 * 1024),
      plan.segments,
      objectKey,
      plan.plain,
    )) {
      pieces.push(piece)
    }
    expect(Buffer.concat(pieces).equals(plain)).toBe(true)
    // A batch is handed on when it is full or when the next package needs another read.
    expect(pieces.length).toBeLessThanOrEqual(2 * Math.ceil(plain.length / PLAIN_BATCH_SIZE))
  })

  it('hands on the packages that authenticated before a damaged one, then fails', async () => {
    const plain = patternBytes(20 * PACKAGE_SIZE)
    const altered = Buffer.from(await seal(plain))
    altered[SALT_SIZE + 10 * SEALED_PACKAGE_SIZE + 3]! ^= 0x01
    const plan = planRead([{ partNumber: 0, storedSize: altered.length }])
    const read: Buffer[] = []
    const reading = (async () => {
      for await (const piece of decryptSegments(bodyOf(altered), plan.segments, objectKey, plan.plain)) {
        read.push(piece)
      }
    })()
    await expect(reading).rejects.toThrow(/does not authenticate \(package 10\)/)
    expect(Buffer.concat(read).equals(plain.subarray(0, 10 * PACKAGE_SIZE))).toBe(true)
  })

  it('refuses stored sizes no plaintext gives', () => {
    expect(() => plainSize(SALT_SIZE + 15)).toThrow(/does not authenticate/)
    expect(() => plainSize(SALT_SIZE + SEALED_PACKAGE_SIZE + 10)).toThrow(/does not authenticate/)
  })

  it('fails, rather than returning wrong bytes, when one stored byte changed', async () => {
    const plain = patternBytes(2 * PACKAGE_SIZE + 100)
    const stored = await seal(plain)
    for (const at of [SALT_SIZE - 1, SALT_SIZE + 5, SALT_SIZE + SEALED_PACKAGE_SIZE + 3, stored.length - 1]) {
      const altered = Buffer.from(stored)
      altered[at]! ^= 0x01
      await expect(open(altered), `byte ${at}`).rejects.toThrow(/does not authenticate/)
    }
  })

  it('detects a stream cut at a package boundary (the last package left was not sealed final)', async () => {
    const stored = await seal(patternBytes(3 * PACKAGE_SIZE))
    const cut = stored.subarray(0, SALT_SIZE + 2 * SEALED_PACKAGE_SIZE)
    await expect(open(cut)).rejects.toThrow(/does not authenticate/)
  })

  it('detects packages swapped in place', async () => {
    const stored = await seal(patternBytes(3 * PACKAGE_SIZE))
    const p0 = stored.subarray(SALT_SIZE, SALT_SIZE + SEALED_PACKAGE_SIZE)
    const p1 = stored.subarray(SALT_SIZE + SEALED_PACKAGE_SIZE, SALT_SIZE + 2 * SEALED_PACKAGE_SIZE)
    const swapped = Buffer.concat([
      stored.subarray(0, SALT_SIZE),
      p1,
      p0,
      stored.subarray(SALT_SIZE + 2 * SEALED_PACKAGE_SIZE),
    ])
    await expect(open(swapped)).rejects.toThrow(/does not authenticate/)
  })

  it('binds a stream to its part number and its object key', async () => {
    const stored = await seal(patternBytes(1000), 2)
    expect((await open(stored, 2)).equals(patternBytes(1000))).toBe(true)
    await expect(open(stored, 3)).rejects.toThrow(/does not authenticate/)
    await expect(open(stored, 2, randomBytes(32))).rejects.toThrow(/does not authenticate/)
  })

  it('uses a fresh salt per stream: the same plaintext never gives the same stored bytes', async () => {
    const plain = patternBytes(500)
    expect((await seal(plain)).equals(await seal(plain))).toBe(false)
  })

  it('reads only the packages a range touches, plus the salt on its own when the range starts later', () => {
    const stored = sealedSize(4 * PACKAGE_SIZE)
    const early = planRead([{ partNumber: 0, storedSize: stored }], { start: 10, end: 20 })
    expect(early.stored).toEqual({ start: 0, end: SALT_SIZE + SEALED_PACKAGE_SIZE - 1 })
    expect(early.segments[0]!.saltInRange).toBe(true)
    const late = planRead([{ partNumber: 0, storedSize: stored }], {
      start: 2 * PACKAGE_SIZE,
      end: 2 * PACKAGE_SIZE + 1,
    })
    expect(late.stored).toEqual({
      start: SALT_SIZE + 2 * SEALED_PACKAGE_SIZE,
      end: SALT_SIZE + 3 * SEALED_PACKAGE_SIZE - 1,
    })
    expect(late.segments[0]).toMatchObject({ saltInRange: false, saltAt: 0, firstPackage: 2, lastPackage: 2 })
  })
})
