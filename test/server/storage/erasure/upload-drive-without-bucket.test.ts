/**
 * Issue 12, found by the crash loop (test/e2e/crash-loop.test.ts): a Complete cut by a kill
 * landed, the client retried it, and the retry answered NoSuchBucket for a bucket that exists,
 * because one drive (replaced, formatted by a heal that was killed before its bucket step) lacked
 * the bucket. An upload the drives do not hold is NoSuchUpload unless most drives lack the bucket.
 */
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { bodyOf, readAll } from './fixtures.js'
import { openTempErasure } from './harness.js'

let harness: Awaited<ReturnType<typeof openTempErasure>> | undefined
afterEach(async () => {
  await harness?.cleanup()
  harness = undefined
})

const bucket = 'photos'
const key = 'album/one.bin'

it('an upload no drive holds is NoSuchUpload while one formatted drive still lacks the bucket', async () => {
  harness = await openTempErasure(4)
  const h = harness
  await h.backend.createBucket(bucket, '')
  const bytes = randomBytes(300_000)
  const { uploadId } = await h.backend.createMultipartUpload({ bucket, key })
  const { etag } = await h.backend.uploadPart({ bucket, key, uploadId, partNumber: 1, body: bodyOf(bytes) })
  const complete = { bucket, key, uploadId, parts: [{ partNumber: 1, etag }] }
  await h.backend.completeMultipartUpload(complete)

  // A replaced drive, formatted by a heal that stopped before it re-created the buckets.
  await rm(join(h.dirs[1]!, '.silo.sys'), { recursive: true, force: true })
  await h.backend.healer!.healFormat({ dryRun: false })

  // The retry of a Complete that landed, and the upload's other calls: the upload is gone, not the bucket.
  await expect(h.backend.completeMultipartUpload(complete)).rejects.toMatchObject({ code: 'NoSuchUpload' })
  await expect(h.backend.listParts({ bucket, key, uploadId })).rejects.toMatchObject({ code: 'NoSuchUpload' })
  await expect(h.backend.abortMultipartUpload(bucket, key, uploadId)).rejects.toMatchObject({
    code: 'NoSuchUpload',
  })
  expect((await readAll(h.backend, bucket, key)).equals(bytes)).toBe(true)
  // A bucket most drives lack is still NoSuchBucket.
  await expect(h.backend.listParts({ bucket: 'nowhere', key, uploadId })).rejects.toMatchObject({
    code: 'NoSuchBucket',
  })
})
