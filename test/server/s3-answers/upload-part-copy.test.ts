import { createHash } from 'node:crypto'
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { CHECKSUM_ALGORITHMS } from '../../../src/server/body/checksum-algorithms.js'
import { BACKENDS } from '../../property/helpers/servers.js'
import { useAwsBackend } from './helpers.js'

const BUCKET = 'part-copies'
const MiB = 1024 * 1024

function bytesOf(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size)
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed * 7) & 0xff
  return out
}

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex')

async function crc32Of(data: Uint8Array): Promise<string> {
  const running = CHECKSUM_ALGORITHMS.crc32!.create()
  running.update(data)
  return Buffer.from(await running.digest()).toString('base64')
}

/** UploadPartCopy (issue 15): the part is the MD5 of the copied bytes, with the upload's checksum. */
describe.each(BACKENDS)('UploadPartCopy answers (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)

  it('a checksummed upload made of copied parts completes (CopyPartResult carries the part checksum)', async () => {
    const { client } = backend
    const first = bytesOf(5 * MiB, 1)
    const second = bytesOf(MiB, 2)
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'first', Body: first }))
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'second', Body: second, ChecksumAlgorithm: 'CRC32' }),
    )
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'joined', ChecksumAlgorithm: 'CRC32' }),
    )
    const copy = (PartNumber: number, source: string, CopySourceRange?: string) =>
      client.send(
        new UploadPartCopyCommand({
          Bucket: BUCKET,
          Key: 'joined',
          UploadId,
          PartNumber,
          CopySource: `${BUCKET}/${source}`,
          CopySourceRange,
        }),
      )
    const one = (await copy(1, 'first')).CopyPartResult!
    const two = (await copy(2, 'second', 'bytes=100-1099')).CopyPartResult!
    const tail = second.subarray(100, 1100)
    expect([one.ETag, one.ChecksumCRC32]).toEqual([`"${md5(first)}"`, await crc32Of(first)])
    expect([two.ETag, two.ChecksumCRC32]).toEqual([`"${md5(tail)}"`, await crc32Of(tail)])
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'joined',
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: one.ETag, ChecksumCRC32: one.ChecksumCRC32 },
            { PartNumber: 2, ETag: two.ETag, ChecksumCRC32: two.ChecksumCRC32 },
          ],
        },
      }),
    )
    const got = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'joined', ChecksumMode: 'ENABLED' }),
    )
    const body = Buffer.from(await got.Body!.transformToByteArray())
    expect(body.equals(Buffer.concat([first, tail]))).toBe(true)
    expect(got.ChecksumCRC32).toMatch(/-2$/)
  })

  it('the part ETag of a whole multipart source is the MD5 of its bytes, not its multipart ETag', async () => {
    const { client } = backend
    const parts = [bytesOf(5 * MiB, 3), bytesOf(2 * MiB, 4)]
    const source = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp' }))
    const etags = []
    for (const [i, Body] of parts.entries()) {
      const r = await client.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: 'mp',
          UploadId: source.UploadId,
          PartNumber: i + 1,
          Body,
        }),
      )
      etags.push({ PartNumber: i + 1, ETag: r.ETag })
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'mp',
        UploadId: source.UploadId,
        MultipartUpload: { Parts: etags },
      }),
    )
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp-copy' }),
    )
    const copied = await client.send(
      new UploadPartCopyCommand({
        Bucket: BUCKET,
        Key: 'mp-copy',
        UploadId,
        PartNumber: 1,
        CopySource: `${BUCKET}/mp`,
      }),
    )
    expect(copied.CopyPartResult?.ETag).toBe(`"${md5(Buffer.concat(parts))}"`)
  })
})
