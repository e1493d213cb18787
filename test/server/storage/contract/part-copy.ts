import { describe, expect, it } from 'vitest'
import { CHECKSUM_ALGORITHMS } from '../../../../src/server/body/checksum-algorithms.js'
import { uploadPartCopyByReading } from '../../../../src/server/storage/common/upload-part-copy-by-reading.js'
import type {
  ObjectLayer,
  PartInfo,
  UploadPartCopyInput,
} from '../../../../src/server/storage/object-layer.js'
import type { OpenStorage } from './harness.js'
import { bodyOf, expectS3Error, md5Hex, patternBytes, putText, readAll } from './helpers.js'
import { useStorage } from './use-storage.js'

const MiB = 1024 * 1024
const bucket = 'part-copies'

/** UploadPartCopy as the handler runs it: the backend's own, else by reading. */
function copyPart(backend: ObjectLayer, input: Omit<UploadPartCopyInput, 'bucket' | 'sourceBucket'>) {
  const full = { bucket, sourceBucket: bucket, ...input }
  return backend.uploadPartCopy ? backend.uploadPartCopy(full) : uploadPartCopyByReading(backend, full)
}

async function crc32Of(data: Uint8Array): Promise<string> {
  const running = CHECKSUM_ALGORITHMS.crc32!.create()
  running.update(data)
  return Buffer.from(await running.digest()).toString('base64')
}

async function readObject(backend: ObjectLayer, key: string): Promise<Buffer> {
  return readAll((await backend.getObject(bucket, key)).body)
}

const named = (parts: PartInfo[]) => parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag }))

/** UploadPartCopy: parts made of existing objects, whole or by range, independent of the source. */
export function describePartCopy(open: OpenStorage): void {
  describe('upload part copy', () => {
    const storage = useStorage(open)
    const setUp = async () => {
      await storage().backend.createBucket(bucket, '')
      return storage().backend
    }

    it('copies whole objects and ranges into parts whose ETag is the MD5 of the bytes; the object outlives its sources', async () => {
      const backend = await setUp()
      const first = patternBytes(6 * MiB, 1)
      const second = patternBytes(3 * MiB, 2)
      await backend.putObject({ bucket, key: 'first', body: bodyOf(first) })
      await backend.putObject({ bucket, key: 'second', body: bodyOf(second) })
      const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'joined' })
      const whole = await copyPart(backend, { sourceKey: 'first', key: 'joined', uploadId, partNumber: 1 })
      const range = { start: 1000, end: 2 * MiB + 999 }
      const ranged = await copyPart(backend, {
        sourceKey: 'second',
        range,
        key: 'joined',
        uploadId,
        partNumber: 2,
      })
      expect([whole.etag, whole.size]).toEqual([md5Hex(first), first.length])
      const secondBytes = second.subarray(range.start, range.end + 1)
      expect([ranged.etag, ranged.size]).toEqual([md5Hex(secondBytes), secondBytes.length])
      const listed = await backend.listParts({ bucket, key: 'joined', uploadId })
      expect(listed.parts.map((p) => [p.etag, p.size])).toEqual([
        [whole.etag, whole.size],
        [ranged.etag, ranged.size],
      ])
      await backend.completeMultipartUpload({
        bucket,
        key: 'joined',
        uploadId,
        parts: named([whole, ranged]),
      })
      // Neither deleting nor overwriting a source touches the object made of it.
      await backend.deleteObject(bucket, 'first')
      await backend.putObject({ bucket, key: 'second', body: bodyOf(patternBytes(3 * MiB, 9)) })
      expect((await readObject(backend, 'joined')).equals(Buffer.concat([first, secondBytes]))).toBe(true)
    })

    it('copies a multipart source whole, one of its parts exactly, and a range across its parts', async () => {
      const backend = await setUp()
      const sourceParts = [patternBytes(5 * MiB, 3), patternBytes(5 * MiB + 17, 4)]
      const upload = await backend.createMultipartUpload({ bucket, key: 'source' })
      const uploaded = []
      for (const [i, data] of sourceParts.entries()) {
        uploaded.push(
          await backend.uploadPart({
            bucket,
            key: 'source',
            uploadId: upload.uploadId,
            partNumber: i + 1,
            body: bodyOf(data),
          }),
        )
      }
      await backend.completeMultipartUpload({
        bucket,
        key: 'source',
        uploadId: upload.uploadId,
        parts: named(uploaded),
      })
      const all = Buffer.concat(sourceParts)
      const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'target' })
      const whole = await copyPart(backend, { sourceKey: 'source', key: 'target', uploadId, partNumber: 1 })
      const secondPart = { start: 5 * MiB, end: all.length - 1 }
      const exact = await copyPart(backend, {
        sourceKey: 'source',
        range: secondPart,
        key: 'target',
        uploadId,
        partNumber: 2,
      })
      const across = { start: 5 * MiB - 10, end: 5 * MiB + 9 }
      const spanning = await copyPart(backend, {
        sourceKey: 'source',
        range: across,
        key: 'target',
        uploadId,
        partNumber: 3,
      })
      expect(whole.etag).toBe(md5Hex(all))
      expect(exact.etag).toBe(md5Hex(sourceParts[1]!))
      expect([spanning.etag, spanning.size]).toEqual([md5Hex(all.subarray(across.start, across.end + 1)), 20])
      await backend.completeMultipartUpload({
        bucket,
        key: 'target',
        uploadId,
        parts: named([whole, exact, spanning]),
      })
      await backend.deleteObject(bucket, 'source')
      const expected = Buffer.concat([all, sourceParts[1]!, all.subarray(across.start, across.end + 1)])
      expect((await readObject(backend, 'target')).equals(expected)).toBe(true)
    })

    it('copies a small (inline) object and replaces an earlier part of the same number', async () => {
      const backend = await setUp()
      await putText(backend, bucket, 'tiny', 'hello, parts')
      const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'small' })
      await backend.uploadPart({ bucket, key: 'small', uploadId, partNumber: 1, body: bodyOf('replaced') })
      const part = await copyPart(backend, {
        sourceKey: 'tiny',
        range: { start: 7, end: 11 },
        key: 'small',
        uploadId,
        partNumber: 1,
      })
      expect(part.etag).toBe(md5Hex('parts'))
      await backend.completeMultipartUpload({ bucket, key: 'small', uploadId, parts: named([part]) })
      expect((await readObject(backend, 'small')).toString()).toBe('parts')
    })

    it('stores the upload checksum of the copied bytes, computed or taken from the source', async () => {
      const backend = await setUp()
      const plain = patternBytes(5 * MiB, 5)
      const summed = patternBytes(1 * MiB, 6)
      await backend.putObject({ bucket, key: 'plain', body: bodyOf(plain) })
      const summedCrc = await crc32Of(summed)
      await backend.putObject({
        bucket,
        key: 'summed',
        body: bodyOf(summed),
        headers: { 'x-amz-checksum-crc32': summedCrc },
      })
      const { uploadId } = await backend.createMultipartUpload({
        bucket,
        key: 'checked',
        headers: { 'x-amz-checksum-algorithm': 'crc32', 'x-amz-checksum-type': 'COMPOSITE' },
      })
      const one = await copyPart(backend, { sourceKey: 'plain', key: 'checked', uploadId, partNumber: 1 })
      const two = await copyPart(backend, { sourceKey: 'summed', key: 'checked', uploadId, partNumber: 2 })
      const range = { start: 10, end: 4009 }
      const three = await copyPart(backend, {
        sourceKey: 'summed',
        range,
        key: 'checked',
        uploadId,
        partNumber: 3,
      })
      expect(one.checksum).toEqual({ 'x-amz-checksum-crc32': await crc32Of(plain) })
      expect(two.checksum).toEqual({ 'x-amz-checksum-crc32': summedCrc })
      expect(three.checksum).toEqual({ 'x-amz-checksum-crc32': await crc32Of(summed.subarray(10, 4010)) })
      const listed = await backend.listParts({ bucket, key: 'checked', uploadId })
      expect(listed.parts.map((p) => p.checksum)).toEqual([one.checksum, two.checksum, three.checksum])
    })

    it('refuses without storing anything: a missing source, upload or bucket, a failed check', async () => {
      const backend = await setUp()
      await backend.putObject({ bucket, key: 'src', body: bodyOf(patternBytes(MiB, 7)) })
      const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'dst' })
      const before = await storage().countDataFiles?.()
      await expectS3Error(
        copyPart(backend, { sourceKey: 'nope', key: 'dst', uploadId, partNumber: 1 }),
        'NoSuchKey',
      )
      await expectS3Error(
        copyPart(backend, {
          sourceKey: 'src',
          key: 'dst',
          uploadId: `${uploadId.slice(0, -1)}x`,
          partNumber: 1,
        }),
        'NoSuchUpload',
      )
      const refusing = () => {
        throw Object.assign(new Error('refused'), { code: 'PreconditionFailed' })
      }
      await expect(
        copyPart(backend, { sourceKey: 'src', key: 'dst', uploadId, partNumber: 1, check: refusing }),
      ).rejects.toThrow('refused')
      expect((await backend.listParts({ bucket, key: 'dst', uploadId })).parts).toEqual([])
      expect(await storage().countDataFiles?.()).toBe(before)
      // Aborting an upload with a copied part takes the part's bytes only.
      await copyPart(backend, { sourceKey: 'src', key: 'dst', uploadId, partNumber: 1 })
      await backend.abortMultipartUpload(bucket, 'dst', uploadId)
      expect(await storage().countDataFiles?.()).toBe(before)
      expect((await readObject(backend, 'src')).equals(patternBytes(MiB, 7))).toBe(true)
    })

    it('keeps a copied part across a restart', async () => {
      const s = storage()
      if (!s.reopen) return
      const backend = await setUp()
      const data = patternBytes(2 * MiB, 8)
      await backend.putObject({ bucket, key: 'src', body: bodyOf(data) })
      const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'dst' })
      const part = await copyPart(backend, { sourceKey: 'src', key: 'dst', uploadId, partNumber: 1 })
      const reopened = await s.reopen()
      await reopened.deleteObject(bucket, 'src')
      await reopened.completeMultipartUpload({ bucket, key: 'dst', uploadId, parts: named([part]) })
      expect((await readAll((await reopened.getObject(bucket, 'dst')).body)).equals(data)).toBe(true)
    })
  })
}
