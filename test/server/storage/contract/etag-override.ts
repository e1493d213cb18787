import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { OpenStorage } from './harness.js'
import { bodyOf, expectS3Error, md5Base64, md5Hex, patternBytes, readAll } from './helpers.js'
import { useStorage } from './use-storage.js'

/**
 * An ETag handed in (`PutObjectInput.etag`, `UploadPartInput.etag`: the encrypting layer's) is
 * the one stored, reported and compared by conditional writes, in place of the MD5 of the
 * stored bytes.
 */
export function describeEtagOverride(open: OpenStorage): void {
  describe('ETag handed in', () => {
    const storage = useStorage(open)
    const bucket = 'etags'
    const given = 'abcdef0123456789abcdef0123456789'

    it.each([
      ['small', 100],
      ['big', 300_000],
    ])('a %s object stores, reports and is compared by the ETag given', async (_size, size) => {
      const backend = storage().backend
      await backend.createBucket(bucket, '')
      const bytes = patternBytes(size)
      let asked = 0
      const etag = () => {
        asked++
        return given
      }
      const put = await backend.putObject({ bucket, key: 'k', body: bodyOf(bytes), etag })
      expect(asked).toBeGreaterThan(0)
      expect(put.etag).toBe(given)
      expect((await backend.headObject(bucket, 'k')).etag).toBe(given)
      expect((await backend.listObjects({ bucket })).objects[0]!.etag).toBe(given)
      const read = await backend.getObject(bucket, 'k')
      expect(read.info.etag).toBe(given)
      expect((await readAll(read.body)).equals(bytes)).toBe(true)
      await expectS3Error(
        backend.putObject({ bucket, key: 'k', body: bodyOf('x'), condition: { ifMatch: md5Hex(bytes) } }),
        'PreconditionFailed',
      )
      await backend.putObject({ bucket, key: 'k', body: bodyOf('x'), condition: { ifMatch: `"${given}"` } })
      expect((await backend.headObject(bucket, 'k')).etag).toBe(md5Hex('x'))
    })

    it('still checks Content-MD5 against the bytes', async () => {
      const backend = storage().backend
      await backend.createBucket(bucket, '')
      await expectS3Error(
        backend.putObject({
          bucket,
          key: 'k',
          body: bodyOf('abc'),
          contentMd5: md5Base64('abd'),
          etag: () => given,
        }),
        'BadDigest',
      )
      const ok = await backend.putObject({
        bucket,
        key: 'k',
        body: bodyOf('abc'),
        contentMd5: md5Base64('abc'),
        etag: () => given,
      })
      expect(ok.etag).toBe(given)
    })

    it('a part stores the ETag given; Complete names it and derives the object ETag from it', async () => {
      const backend = storage().backend
      await backend.createBucket(bucket, '')
      const upload = await backend.createMultipartUpload({ bucket, key: 'm' })
      const part = await backend.uploadPart({
        bucket,
        key: 'm',
        uploadId: upload.uploadId,
        partNumber: 1,
        body: bodyOf('part one'),
        etag: () => given,
      })
      expect(part.etag).toBe(given)
      const listed = await backend.listParts({ bucket, key: 'm', uploadId: upload.uploadId })
      expect(listed.parts.map((p) => p.etag)).toEqual([given])
      await expectS3Error(
        backend.completeMultipartUpload({
          bucket,
          key: 'm',
          uploadId: upload.uploadId,
          parts: [{ partNumber: 1, etag: md5Hex('part one') }],
        }),
        'InvalidPart',
      )
      const done = await backend.completeMultipartUpload({
        bucket,
        key: 'm',
        uploadId: upload.uploadId,
        parts: [{ partNumber: 1, etag: `"${given}"` }],
      })
      const expected = createHash('md5').update(Buffer.from(given, 'hex')).digest('hex')
      expect(done.etag).toBe(`${expected}-1`)
      expect((await readAll((await backend.getObject(bucket, 'm')).body)).toString()).toBe('part one')
    })
  })
}
