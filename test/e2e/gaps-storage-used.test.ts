import {
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, startAdminHarness } from '../sdk/admin/admin-harness.js'

const SIZE = 300 * 1024 // past the inline limit: stored as a data file, copied as a hard link
let h: AdminHarness

beforeAll(async () => {
  h = await startAdminHarness()
  await h.s3().send(new CreateBucketCommand({ Bucket: 'used' }))
})
afterAll(() => h.stop())

const used = async () => (await h.admin().serverInfo())[0]!.storage.used

describe('storage.used in admin info counts logical bytes', () => {
  it('is the sum of object sizes: a copy counts again, uploads in progress do not count', async () => {
    const start = await used()
    const s3 = h.s3()
    await s3.send(new PutObjectCommand({ Bucket: 'used', Key: 'orig', Body: Buffer.alloc(SIZE, 7) }))
    expect(await used()).toBe(start + SIZE)

    // The copy shares the original's data file on disk, but is a second object of SIZE bytes.
    await s3.send(new CopyObjectCommand({ Bucket: 'used', Key: 'copy', CopySource: 'used/orig' }))
    expect(await used()).toBe(start + 2 * SIZE)

    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'used', Key: 'mp' }))
    await s3.send(
      new UploadPartCommand({ Bucket: 'used', Key: 'mp', UploadId, PartNumber: 1, Body: Buffer.alloc(1000) }),
    )
    expect(await used()).toBe(start + 2 * SIZE)

    await s3.send(new DeleteObjectCommand({ Bucket: 'used', Key: 'orig' }))
    expect(await used()).toBe(start + SIZE)
    await s3.send(new DeleteObjectCommand({ Bucket: 'used', Key: 'copy' }))
    expect(await used()).toBe(start)
  })
})
