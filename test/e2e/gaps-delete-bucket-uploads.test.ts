import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import {
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, codeOf, startAdminHarness } from '../sdk/admin/admin-harness.js'

let h: AdminHarness

beforeAll(async () => {
  h = await startAdminHarness()
})
afterAll(() => h.stop())

/** Files under the drive's data/ folder (part files live there). */
async function dataFiles(): Promise<number> {
  const root = join(h.dir, '.silo.sys', 'data')
  let count = 0
  for (const sub of await readdir(root).catch(() => [] as string[])) {
    count += (await readdir(join(root, sub)).catch(() => [] as string[])).length
  }
  return count
}

describe('DeleteBucket with multipart uploads in progress', () => {
  it('deletes the bucket (only objects keep it) and discards the uploads and their parts', async () => {
    const s3 = h.s3()
    await s3.send(new CreateBucketCommand({ Bucket: 'pending' }))
    const before = await dataFiles()
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'pending', Key: 'big' }))
    await s3.send(
      new UploadPartCommand({ Bucket: 'pending', Key: 'big', UploadId, PartNumber: 1, Body: 'part one' }),
    )
    expect(await dataFiles()).toBe(before + 1)

    await s3.send(new DeleteBucketCommand({ Bucket: 'pending' }))
    await s3.send(new CreateBucketCommand({ Bucket: 'pending' }))

    const listed = await s3.send(new ListMultipartUploadsCommand({ Bucket: 'pending' }))
    expect(listed.Uploads ?? []).toEqual([])
    expect(await codeOf(s3.send(new ListPartsCommand({ Bucket: 'pending', Key: 'big', UploadId })))).toBe(
      'NoSuchUpload',
    )
    expect(await dataFiles()).toBe(before)
  })
})
