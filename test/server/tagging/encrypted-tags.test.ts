import { randomBytes } from 'node:crypto'
import {
  CreateBucketCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers/test-server.js'
import { awsClient } from '../s3-answers/helpers.js'

const BUCKET = 'sealed'
const key = () => `test:${randomBytes(32).toString('base64')}`

/**
 * Tags on an SSE-S3 object (issues 14 and 15): changing them rewrites the stored metadata without
 * losing the encryption record, so the object still decrypts, and no internal header shows.
 */
describe.each([
  ['single drive', 1],
  ['erasure, 4 drives', 4],
] as const)('tags of an encrypted object (%s)', (_name, drives) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ drives, kmsSecretKey: key() })
    await awsClient(server).send(new CreateBucketCommand({ Bucket: BUCKET }))
  })
  afterAll(() => server.stop())

  it('PutObjectTagging keeps the object readable and encrypted', async () => {
    const client = awsClient(server)
    const body = randomBytes(3000)
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'enc',
        Body: body,
        ServerSideEncryption: 'AES256',
        Tagging: 'a=1',
      }),
    )
    await client.send(
      new PutObjectTaggingCommand({
        Bucket: BUCKET,
        Key: 'enc',
        Tagging: { TagSet: [{ Key: 'b', Value: '2' }] },
      }),
    )
    const tags = await client.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'enc' }))
    expect(tags.TagSet).toEqual([{ Key: 'b', Value: '2' }])
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'enc' }))
    expect(head.ServerSideEncryption).toBe('AES256')
    expect(head.TagCount).toBe(1)
    expect(head.ContentLength).toBe(3000)
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'enc' }))
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true)
  })
})
