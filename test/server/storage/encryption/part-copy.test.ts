import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type {
  ObjectLayer,
  PartInfo,
  UploadPartCopyInput,
} from '../../../../src/server/storage/object-layer.js'
import { bodyOf, md5Hex, patternBytes, readAll } from '../contract/helpers.js'
import { ENCRYPTED_BACKENDS, filesContain, newCustomerKey } from './harness.js'

const MiB = 1024 * 1024
const bucket = 'sse-part-copies'

function copyPart(layer: ObjectLayer, input: Omit<UploadPartCopyInput, 'bucket' | 'sourceBucket'>) {
  return layer.uploadPartCopy!({ bucket, sourceBucket: bucket, ...input })
}

const named = (parts: PartInfo[]) => parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag }))

/** UploadPartCopy through the encrypting layer: plaintext parts of encrypted sources, encrypted parts of plain ones. */
describe.each(ENCRYPTED_BACKENDS)('encrypting layer: UploadPartCopy (%s)', (_name, open) => {
  it('an SSE-S3 upload made of a plain source and an SSE-C source stores the parts encrypted and reads back the plaintext', async () => {
    const storage = await open()
    try {
      const { layer } = storage
      await layer.createBucket(bucket, '')
      const plain = patternBytes(5 * MiB, 21)
      const secret = Buffer.from('the SSE-C source: a marker that must never reach a disk in clear')
      const customerKey = newCustomerKey()
      await layer.putObject({ bucket, key: 'plain', body: bodyOf(plain) })
      await layer.putObject({
        bucket,
        key: 'secret',
        body: bodyOf(secret),
        encryption: { kind: 'SSE-C', ...customerKey },
      })
      const { uploadId } = await layer.createMultipartUpload({
        bucket,
        key: 'sealed',
        encryption: { kind: 'SSE-S3' },
      })
      const one = await copyPart(layer, { sourceKey: 'plain', key: 'sealed', uploadId, partNumber: 1 })
      const two = await copyPart(layer, {
        sourceKey: 'secret',
        key: 'sealed',
        uploadId,
        partNumber: 2,
        sourceCustomerKey: customerKey,
      })
      expect([one.size, two.size]).toEqual([plain.length, secret.length])
      await layer.completeMultipartUpload({ bucket, key: 'sealed', uploadId, parts: named([one, two]) })
      expect(
        (await readAll((await layer.getObject(bucket, 'sealed')).body)).equals(
          Buffer.concat([plain, secret]),
        ),
      ).toBe(true)
      expect(await filesContain(storage.dirs, secret)).toBe(false)
      // Without the source's key the SSE-C source is refused, as a GET of it is.
      const { uploadId: other } = await layer.createMultipartUpload({ bucket, key: 'other' })
      await expect(
        copyPart(layer, { sourceKey: 'secret', key: 'other', uploadId: other, partNumber: 1 }),
      ).rejects.toThrow()
      // A plain upload of an SSE-S3 source gets the plaintext, with its MD5 as the part ETag.
      await layer.putObject({ bucket, key: 's3', body: bodyOf(secret), encryption: { kind: 'SSE-S3' } })
      const part = await copyPart(layer, { sourceKey: 's3', key: 'other', uploadId: other, partNumber: 1 })
      expect(part.etag).toBe(md5Hex(secret))
      await layer.completeMultipartUpload({ bucket, key: 'other', uploadId: other, parts: named([part]) })
      expect((await readAll((await layer.getObject(bucket, 'other')).body)).equals(secret)).toBe(true)
    } finally {
      await storage.cleanup()
    }
  })
})

/** Link counts of a single drive's data files. */
async function linkCounts(dir: string): Promise<number[]> {
  const data = join(dir, '.silo.sys', 'data')
  const counts: number[] = []
  for (const folder of await readdir(data)) {
    for (const name of await readdir(join(data, folder)))
      counts.push((await stat(join(data, folder, name))).nlink)
  }
  return counts
}

describe('encrypting layer over one drive (as the server runs it)', () => {
  it('a plain part copy of a plain source still shares the data file', async () => {
    const storage = await ENCRYPTED_BACKENDS[0]![1]()
    try {
      const { layer } = storage
      await layer.createBucket(bucket, '')
      await layer.putObject({ bucket, key: 'src', body: bodyOf(patternBytes(2 * MiB, 22)) })
      const { uploadId } = await layer.createMultipartUpload({ bucket, key: 'dst' })
      await copyPart(layer, { sourceKey: 'src', key: 'dst', uploadId, partNumber: 1 })
      expect(await linkCounts(storage.dirs[0]!)).toEqual([2, 2])
    } finally {
      await storage.cleanup()
    }
  })
})
