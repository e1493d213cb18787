import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_SIZE } from '../../../../src/server/storage/encryption/package-format.js'
import type { CustomerKey } from '../../../../src/server/storage/object-layer.js'
import { bodyOf, patternBytes, readAll } from '../contract/helpers.js'
import { ENCRYPTED_BACKENDS, type EncryptedStorage, newCustomerKey } from './harness.js'

const bucket = 'ranges'
const MiB = 1024 * 1024
const P = PACKAGE_SIZE

/** Sizes around package boundaries, and a multipart object whose parts end mid-package. */
const SIZES = [0, 1, P - 1, P, P + 1, 3 * P, 3 * P + 5]
const PART_SIZES = [5 * MiB + 7, 5 * MiB - 3 + P, 1000]

describe.each(ENCRYPTED_BACKENDS)('encrypted ranges over %s', (_name, open) => {
  let s: EncryptedStorage
  const ssec: CustomerKey = newCustomerKey()
  const objects = new Map<string, Buffer>()

  beforeAll(async () => {
    s = await open()
    await s.layer.createBucket(bucket, '')
    for (const size of SIZES) {
      const bytes = patternBytes(size, size + 1)
      await s.layer.putObject({
        bucket,
        key: `s3-${size}`,
        body: bodyOf(bytes, 7001),
        encryption: { kind: 'SSE-S3' },
      })
      await s.layer.putObject({
        bucket,
        key: `c-${size}`,
        body: bodyOf(bytes),
        encryption: { kind: 'SSE-C', ...ssec },
      })
      objects.set(`s3-${size}`, bytes)
      objects.set(`c-${size}`, bytes)
    }
    const upload = await s.layer.createMultipartUpload({
      bucket,
      key: 'multi',
      encryption: { kind: 'SSE-C', ...ssec },
    })
    const parts = PART_SIZES.map((size, i) => patternBytes(size, 50 + i))
    const done = []
    for (const [i, bytes] of parts.entries()) {
      done.push(
        await s.layer.uploadPart({
          bucket,
          key: 'multi',
          uploadId: upload.uploadId,
          partNumber: 3 * i + 1,
          body: bodyOf(bytes),
          customerKey: ssec,
        }),
      )
    }
    await s.layer.completeMultipartUpload({ bucket, key: 'multi', uploadId: upload.uploadId, parts: done })
    objects.set('multi', Buffer.concat(parts))
  }, 60_000)
  afterAll(() => s.cleanup())

  const keyOf = (name: string) => (name.startsWith('s3-') ? undefined : ssec)

  it('returns exactly the bytes of every range, at package and part boundaries', async () => {
    // Package boundaries (±1) of the small objects; for the multipart one, its first package
    // boundary and its part boundaries (±1), where a part's last, short package is.
    const boundaries = (name: string, size: number) => {
      const at = new Set([0, size - 1])
      if (name === 'multi') {
        let end = 0
        for (const d of [-1, 0, 1]) at.add(P + d)
        for (const part of PART_SIZES) {
          end += part
          for (const d of [-1, 0, 1]) at.add(end + d)
        }
      } else {
        for (let b = P; b < size; b += P) for (const d of [-1, 0, 1]) at.add(b + d)
      }
      return [...at].filter((x) => x >= 0 && x < size)
    }
    for (const [name, bytes] of objects) {
      if (bytes.length === 0) continue
      const points = boundaries(name, bytes.length)
      const ranges = points.flatMap((start) =>
        points.filter((end) => end >= start).map((end) => ({ start, end })),
      )
      for (const range of ranges) {
        const { body } = await s.layer.getObject(bucket, name, range, { customerKey: keyOf(name) })
        expect(
          (await readAll(body)).equals(bytes.subarray(range.start, range.end + 1)),
          `${name} ${range.start}-${range.end}`,
        ).toBe(true)
      }
    }
  }, 120_000)

  it('returns exactly the bytes of arbitrary ranges (property)', async () => {
    const names = [...objects.keys()].filter((n) => objects.get(n)!.length > 0)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names).chain((name) => {
          const size = objects.get(name)!.length
          return fc.tuple(fc.constant(name), fc.nat(size - 1), fc.nat(size - 1))
        }),
        async ([name, a, b]) => {
          const range = { start: Math.min(a, b), end: Math.max(a, b) }
          const { body } = await s.layer.getObject(bucket, name, range, { customerKey: keyOf(name) })
          return (await readAll(body)).equals(objects.get(name)!.subarray(range.start, range.end + 1))
        },
      ),
      { numRuns: 60 },
    )
  }, 120_000)

  it('reads whole objects, the empty one included', async () => {
    for (const [name, bytes] of objects) {
      const { body, info } = await s.layer.getObject(bucket, name, undefined, { customerKey: keyOf(name) })
      expect(info.size, name).toBe(bytes.length)
      expect((await readAll(body)).equals(bytes), name).toBe(true)
    }
  }, 60_000)
})
