import { describe, expect, it } from 'vitest'
import { expectUsedBytes, type OpenStorage } from './harness.js'
import { bodyOf, expectS3Error, getText, md5Hex, patternBytes, putText, readAll } from './helpers.js'
import { useStorage } from './use-storage.js'

/** Server-side copy, and the boundary between small (inline) and big objects. */
export function describeCopy(open: OpenStorage): void {
  describe('copy and object sizes', () => {
    const storage = useStorage(open)
    const bucket = 'copies'
    const setUp = async () => {
      await storage().backend.createBucket(bucket, '')
      return storage().backend
    }

    it('copies small and big objects with their metadata; the copy outlives the source', async () => {
      const backend = await setUp()
      const big = patternBytes(300_000, 3)
      await backend.putObject({
        bucket,
        key: 'big',
        body: bodyOf(big),
        contentType: 'image/png',
        headers: { 'x-amz-meta-a': '1' },
      })
      await putText(backend, bucket, 'small', 'tiny')
      const copied = await backend.copyObject({
        sourceBucket: bucket,
        sourceKey: 'big',
        bucket,
        key: 'big-copy',
      })
      expect(copied).toMatchObject({
        size: big.length,
        etag: md5Hex(big),
        contentType: 'image/png',
        headers: { 'x-amz-meta-a': '1' },
      })
      await backend.copyObject({ sourceBucket: bucket, sourceKey: 'small', bucket, key: 'small-copy' })
      await backend.deleteObject(bucket, 'big')
      await putText(backend, bucket, 'small', 'changed')
      expect((await readAll((await backend.getObject(bucket, 'big-copy')).body)).equals(big)).toBe(true)
      expect(await getText(backend, bucket, 'small-copy')).toBe('tiny')
      await expectUsedBytes(storage(), big.length + 4 + 7)
    })

    it('replaces metadata when asked, also onto the source itself', async () => {
      const backend = await setUp()
      await backend.putObject({ bucket, key: 'k', body: bodyOf('body'), headers: { 'x-amz-meta-old': 'o' } })
      const info = await backend.copyObject({
        sourceBucket: bucket,
        sourceKey: 'k',
        bucket,
        key: 'k',
        metadata: { contentType: 'text/plain', headers: { 'X-Amz-Meta-New': 'n' } },
      })
      expect(info).toMatchObject({ contentType: 'text/plain', headers: { 'x-amz-meta-new': 'n' } })
      expect(await backend.headObject(bucket, 'k')).toMatchObject({ headers: { 'x-amz-meta-new': 'n' } })
      expect(await getText(backend, bucket, 'k')).toBe('body')
    })

    it('copies a multipart object part by part, and refuses when the check throws', async () => {
      const backend = await setUp()
      const parts = [patternBytes(5 * 1024 * 1024, 1), patternBytes(10, 2)]
      const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'mp' })
      const named = []
      for (const [i, data] of parts.entries()) {
        const part = await backend.uploadPart({
          bucket,
          key: 'mp',
          uploadId,
          partNumber: i + 1,
          body: bodyOf(data),
        })
        named.push({ partNumber: i + 1, etag: part.etag })
      }
      const source = await backend.completeMultipartUpload({ bucket, key: 'mp', uploadId, parts: named })
      const copy = await backend.copyObject({ sourceBucket: bucket, sourceKey: 'mp', bucket, key: 'mp2' })
      expect(copy.etag).toBe(source.etag)
      await backend.deleteObject(bucket, 'mp')
      expect(
        (await readAll((await backend.getObject(bucket, 'mp2')).body)).equals(Buffer.concat(parts)),
      ).toBe(true)
      const refused = backend.copyObject({
        sourceBucket: bucket,
        sourceKey: 'mp2',
        bucket,
        key: 'never',
        check: () => {
          throw Object.assign(new Error('no'), { name: 'S3ServerError', code: 'PreconditionFailed' })
        },
      })
      await expect(refused).rejects.toMatchObject({ code: 'PreconditionFailed' })
      await expectS3Error(backend.headObject(bucket, 'never'), 'NoSuchKey')
      await expectS3Error(
        backend.copyObject({ sourceBucket: bucket, sourceKey: 'none', bucket, key: 'x' }),
        'NoSuchKey',
      )
      await expectS3Error(
        backend.copyObject({ sourceBucket: bucket, sourceKey: 'mp2', bucket: 'no-bucket', key: 'x' }),
        'NoSuchBucket',
      )
    })

    it('hands every concurrent reader of small objects its own bytes', async () => {
      const backend = await setUp()
      const data = Array.from({ length: 40 }, (_, i) => patternBytes(100 + i * 997, i + 1))
      await Promise.all(
        data.map((bytes, i) => backend.putObject({ bucket, key: `r${i}`, body: bodyOf(bytes) })),
      )
      // All reads first, all checks after: a buffer the backend reused would show up here.
      const results = await Promise.all(data.map((_, i) => backend.getObject(bucket, `r${i}`)))
      const bodies = await Promise.all(results.map((r) => readAll(r.body)))
      expect(bodies.map((body, i) => body.equals(data[i]!))).toEqual(data.map(() => true))
    })

    it('stores objects on both sides of 128 KiB whole, by range, and after a restart', async () => {
      const backend = await setUp()
      const sizes = [0, 1, 128 * 1024 - 1, 128 * 1024, 128 * 1024 + 1, 1024 * 1024]
      const data = sizes.map((size, i) => patternBytes(size, i + 1))
      // Unknown length (no size) and declared length take different paths into storage.
      for (const [i, bytes] of data.entries()) {
        await backend.putObject({
          bucket,
          key: `s${i}`,
          body: bodyOf(bytes, 10_000),
          size: i % 2 ? bytes.length : undefined,
        })
      }
      const check = async () => {
        for (const [i, bytes] of data.entries()) {
          const got = await storage().backend.getObject(bucket, `s${i}`)
          expect((await readAll(got.body)).equals(bytes)).toBe(true)
          expect(got.info.etag).toBe(md5Hex(bytes))
          if (bytes.length < 2) continue
          const range = { start: 1, end: bytes.length - 1 }
          const part = await readAll((await storage().backend.getObject(bucket, `s${i}`, range)).body)
          expect(part.equals(bytes.subarray(1))).toBe(true)
        }
      }
      await check()
      if (storage().reopen) {
        await storage().reopen!()
        await check()
      }
    })
  })
}
