import { Readable } from 'node:stream'
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetBucketLocationCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5Hex } from './helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from './helpers/test-server.js'

// @aws-sdk/client-s3 is an independent client: it signs with its own SigV4 and, for stream
// bodies, sends `aws-chunked` with STREAMING-UNSIGNED-PAYLOAD-TRAILER and a CRC32 trailer.
let server: TestServer
let client: S3Client

beforeAll(async () => {
  server = await startTestServer()
  client = new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
  })
})
afterAll(async () => {
  client.destroy()
  await server.stop()
})

describe('@aws-sdk/client-s3 against the server', () => {
  const Bucket = 'sdk-bucket'

  it('creates, heads, locates and lists a bucket', async () => {
    await client.send(new CreateBucketCommand({ Bucket }))
    await client.send(new HeadBucketCommand({ Bucket }))
    const location = await client.send(new GetBucketLocationCommand({ Bucket }))
    expect(location.LocationConstraint ?? '').toBe('')
    const list = await client.send(new ListBucketsCommand({}))
    expect(list.Buckets?.map((b) => b.Name)).toContain(Bucket)
  })

  it('puts a Buffer body and gets it back with its metadata', async () => {
    const Body = Buffer.from('buffer body from the AWS SDK')
    const put = await client.send(
      new PutObjectCommand({
        Bucket,
        Key: 'buffer.txt',
        Body,
        ContentType: 'text/plain',
        Metadata: { kind: 'buffer' },
      }),
    )
    expect(put.ETag).toBe(`"${md5Hex(Body)}"`)
    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'buffer.txt' }))
    expect(await got.Body?.transformToString()).toBe(Body.toString())
    expect(got.ContentType).toBe('text/plain')
    expect(got.Metadata).toEqual({ kind: 'buffer' })
  })

  it('puts a Readable stream body (aws-chunked with a checksum trailer)', async () => {
    const data = Buffer.alloc(300_000, 'z')
    const Body = Readable.from([data.subarray(0, 100_000), data.subarray(100_000)])
    const put = await client.send(
      new PutObjectCommand({ Bucket, Key: 'stream.bin', Body, ContentLength: data.length }),
    )
    expect(put.ETag).toBe(`"${md5Hex(data)}"`)
    const head = await client.send(new HeadObjectCommand({ Bucket, Key: 'stream.bin' }))
    expect(head.ContentLength).toBe(data.length)
    const got = await client.send(new GetObjectCommand({ Bucket, Key: 'stream.bin', Range: 'bytes=299990-' }))
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(data.subarray(299_990))).toBe(true)
  })

  it('deletes objects and the bucket; a missing key is a typed NoSuchKey', async () => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'buffer.txt' }))
    await client.send(new DeleteObjectCommand({ Bucket, Key: 'stream.bin' }))
    const error = await client
      .send(new GetObjectCommand({ Bucket, Key: 'buffer.txt' }))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(S3ServiceException)
    expect((error as S3ServiceException).name).toBe('NoSuchKey')
    await client.send(new DeleteBucketCommand({ Bucket }))
    const list = await client.send(new ListBucketsCommand({}))
    expect(list.Buckets?.map((b) => b.Name) ?? []).not.toContain(Bucket)
  })
})
