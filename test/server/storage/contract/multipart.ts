import { describe, expect, it } from 'vitest'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { expectUsedBytes, type OpenStorage } from './harness.js'
import { bodyOf, expectS3Error, md5Hex, patternBytes, readAll } from './helpers.js'
import { useStorage } from './use-storage.js'

const MiB = 1024 * 1024
const bucket = 'uploads'

/** Uploads `parts` to a new upload of `key`; returns the upload ID and each part's ETag. */
async function uploadParts(backend: ObjectLayer, key: string, parts: Buffer[]) {
  const { uploadId } = await backend.createMultipartUpload({ bucket, key, contentType: 'text/plain' })
  const etags: string[] = []
  for (const [i, data] of parts.entries()) {
    const part = await backend.uploadPart({ bucket, key, uploadId, partNumber: i + 1, body: bodyOf(data) })
    etags.push(part.etag)
  }
  return { uploadId, etags, named: etags.map((etag, i) => ({ partNumber: i + 1, etag: `"${etag}"` })) }
}

/** S3's multipart ETag: MD5 of the concatenated binary part MD5s, dash, part count. */
function multipartEtag(parts: Buffer[]): string {
  const joined = Buffer.concat(parts.map((p) => Buffer.from(md5Hex(p), 'hex')))
  return `${md5Hex(joined)}-${parts.length}`
}

/** Multipart uploads: lifecycle, validation, listing, restart, no leftovers. */
export function describeMultipart(open: OpenStorage): void {
  describe('multipart uploads', () => {
    const storage = useStorage(open)
    const setUp = async () => {
      await storage().backend.createBucket(bucket, '')
      return storage().backend
    }

    it('completes parts into one object with the md5-of-md5s ETag, readable whole and by range', async () => {
      const backend = await setUp()
      const parts = [patternBytes(5 * MiB, 1), patternBytes(5 * MiB, 2), patternBytes(1234, 3)]
      const { uploadId, named } = await uploadParts(backend, 'big', parts)
      const info = await backend.completeMultipartUpload({ bucket, key: 'big', uploadId, parts: named })
      const whole = Buffer.concat(parts)
      expect(info).toMatchObject({
        size: whole.length,
        etag: multipartEtag(parts),
        contentType: 'text/plain',
      })
      expect((await backend.headObject(bucket, 'big')).partSizes).toEqual(parts.map((p) => p.length))
      expect((await readAll((await backend.getObject(bucket, 'big')).body)).equals(whole)).toBe(true)
      // A range that starts in the first part and ends in the last crosses every part boundary.
      const range = { start: 5 * MiB - 10, end: 10 * MiB + 99 }
      const ranged = await readAll((await backend.getObject(bucket, 'big', range)).body)
      expect(ranged.equals(whole.subarray(range.start, range.end + 1))).toBe(true)
      await expectUsedBytes(storage(), whole.length)
      await expectS3Error(backend.listParts({ bucket, key: 'big', uploadId }), 'NoSuchUpload')
    })

    it('refuses a wrong ETag, a missing part, a bad order and a small middle part, changing nothing', async () => {
      const backend = await setUp()
      const parts = [patternBytes(5 * MiB, 4), patternBytes(100, 5), patternBytes(100, 6)]
      const { uploadId, named } = await uploadParts(backend, 'k', parts)
      const complete = (list: typeof named) =>
        backend.completeMultipartUpload({ bucket, key: 'k', uploadId, parts: list })
      await expectS3Error(complete([{ partNumber: 1, etag: '"0123"' }]), 'InvalidPart')
      await expectS3Error(complete([{ partNumber: 9, etag: named[0]!.etag }]), 'InvalidPart')
      await expectS3Error(complete([named[1]!, named[0]!]), 'InvalidPartOrder')
      await expectS3Error(complete(named), 'EntityTooSmall')
      await expectS3Error(complete([]), 'MalformedXML')
      await expectS3Error(backend.headObject(bucket, 'k'), 'NoSuchKey')
      const listed = await backend.listParts({ bucket, key: 'k', uploadId })
      expect(listed.parts.map((p) => p.partNumber)).toEqual([1, 2, 3])
      // The upload is intact: completing with a valid subset works (the unnamed part is dropped).
      const info = await complete([named[0]!, named[2]!])
      expect(info.size).toBe(5 * MiB + 100)
    })

    it('replaces a re-uploaded part and lists parts in pages', async () => {
      const backend = await setUp()
      const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'p' })
      for (const n of [3, 1, 2, 5])
        await backend.uploadPart({ bucket, key: 'p', uploadId, partNumber: n, body: bodyOf(`v1-${n}`) })
      const again = await backend.uploadPart({
        bucket,
        key: 'p',
        uploadId,
        partNumber: 2,
        body: bodyOf('v2'),
      })
      expect(again.etag).toBe(md5Hex('v2'))
      const first = await backend.listParts({ bucket, key: 'p', uploadId, maxParts: 2 })
      expect(first.parts.map((p) => [p.partNumber, p.size])).toEqual([
        [1, 4],
        [2, 2],
      ])
      expect(first).toMatchObject({ isTruncated: true, nextPartNumberMarker: 2 })
      const second = await backend.listParts({ bucket, key: 'p', uploadId, partNumberMarker: 2, maxParts: 2 })
      expect(second.parts.map((p) => p.partNumber)).toEqual([3, 5])
      expect(second.isTruncated).toBe(false)
    })

    it('checks Content-MD5 and the part number, and refuses parts of unknown uploads', async () => {
      const backend = await setUp()
      const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'm' })
      const wrongMd5 = Buffer.from(md5Hex('other'), 'hex').toString('base64')
      await expectS3Error(
        backend.uploadPart({
          bucket,
          key: 'm',
          uploadId,
          partNumber: 1,
          body: bodyOf('data'),
          contentMd5: wrongMd5,
        }),
        'BadDigest',
      )
      await expectS3Error(
        backend.uploadPart({ bucket, key: 'm', uploadId, partNumber: 0, body: bodyOf('x') }),
        'InvalidArgument',
      )
      await expectS3Error(
        backend.uploadPart({ bucket, key: 'm', uploadId, partNumber: 10_001, body: bodyOf('x') }),
        'InvalidArgument',
      )
      await expectS3Error(
        backend.uploadPart({ bucket, key: 'other', uploadId, partNumber: 1, body: bodyOf('x') }),
        'NoSuchUpload',
      )
      expect((await backend.listParts({ bucket, key: 'm', uploadId })).parts).toEqual([])
    })

    it('aborts an upload and leaves no files; completing leaves only the object files', async () => {
      const backend = await setUp()
      const before = (await storage().countDataFiles?.()) ?? 0
      const aborted = await uploadParts(backend, 'a', [patternBytes(300_000, 1), patternBytes(10, 2)])
      await backend.abortMultipartUpload(bucket, 'a', aborted.uploadId)
      await expectS3Error(backend.abortMultipartUpload(bucket, 'a', aborted.uploadId), 'NoSuchUpload')
      await expectS3Error(backend.listParts({ bucket, key: 'a', uploadId: aborted.uploadId }), 'NoSuchUpload')
      if (storage().countDataFiles) expect(await storage().countDataFiles!()).toBe(before)
      const done = await uploadParts(backend, 'c', [
        patternBytes(5 * MiB, 1),
        patternBytes(10, 2),
        patternBytes(10, 3),
      ])
      await backend.completeMultipartUpload({
        bucket,
        key: 'c',
        uploadId: done.uploadId,
        parts: done.named.slice(0, 2),
      })
      if (storage().countDataFiles) expect(await storage().countDataFiles!()).toBe(before + 2)
      await backend.deleteObject(bucket, 'c')
      if (storage().countDataFiles) expect(await storage().countDataFiles!()).toBe(before)
      await expectUsedBytes(storage(), 0)
    })

    it('keeps uploaded parts across a restart, then completes them', async (ctx) => {
      if (!storage().reopen) return ctx.skip()
      const backend = await setUp()
      const parts = [patternBytes(5 * MiB, 8), patternBytes(77, 9)]
      const { uploadId, named } = await uploadParts(backend, 'resume', parts)
      const reopened = await storage().reopen!()
      const listed = await reopened.listParts({ bucket, key: 'resume', uploadId })
      expect(listed.parts.map((p) => `"${p.etag}"`)).toEqual(named.map((p) => p.etag))
      await reopened.completeMultipartUpload({ bucket, key: 'resume', uploadId, parts: named })
      const body = await readAll((await reopened.getObject(bucket, 'resume')).body)
      expect(body.equals(Buffer.concat(parts))).toBe(true)
    })

    it('lists uploads by key then initiation, with prefix, delimiter and markers', async () => {
      const backend = await setUp()
      const ids: Record<string, string> = {}
      for (const key of ['b', 'a/1', 'a/2', 'c', 'b']) {
        const { uploadId } = await backend.createMultipartUpload({ bucket, key })
        ids[key] = ids[key] ? `${ids[key]},${uploadId}` : uploadId
        await new Promise((r) => setTimeout(r, 2))
      }
      const all = await backend.listMultipartUploads({ bucket })
      expect(all.uploads.map((u) => u.key)).toEqual(['a/1', 'a/2', 'b', 'b', 'c'])
      expect(
        all.uploads
          .filter((u) => u.key === 'b')
          .map((u) => u.uploadId)
          .join(','),
      ).toBe(ids.b)
      const rolled = await backend.listMultipartUploads({ bucket, delimiter: '/' })
      expect(rolled.commonPrefixes).toEqual(['a/'])
      expect(rolled.uploads.map((u) => u.key)).toEqual(['b', 'b', 'c'])
      const page = await backend.listMultipartUploads({ bucket, maxUploads: 3 })
      expect(page).toMatchObject({ isTruncated: true, nextKeyMarker: 'b' })
      const rest = await backend.listMultipartUploads({
        bucket,
        keyMarker: page.nextKeyMarker,
        uploadIdMarker: page.nextUploadIdMarker,
      })
      expect(rest.uploads.map((u) => u.key)).toEqual(['b', 'c'])
      expect((await backend.listMultipartUploads({ bucket, prefix: 'a/' })).uploads).toHaveLength(2)
      expect(
        (await backend.listMultipartUploads({ bucket, keyMarker: 'b' })).uploads.map((u) => u.key),
      ).toEqual(['c'])
    })

    it('discards uploads in progress with their bucket', async () => {
      const backend = await setUp()
      const before = (await storage().countDataFiles?.()) ?? 0
      const { uploadId } = await uploadParts(backend, 'x', [patternBytes(1000, 1)])
      await backend.deleteBucket(bucket)
      await backend.createBucket(bucket, '')
      await expectS3Error(backend.listParts({ bucket, key: 'x', uploadId }), 'NoSuchUpload')
      if (storage().countDataFiles) expect(await storage().countDataFiles!()).toBe(before)
    })
  })
}
