import {
  CopyObjectCommand,
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { ROOT, type TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

const BUCKET = 'owned'
const DENIED = { code: 'AccessDenied', status: 403 }

describe.each(BACKENDS)('x-amz-expected-bucket-owner (%s)', (_name, start) => {
  let server: TestServer
  let client: ReturnType<typeof awsClient>
  beforeAll(async () => {
    server = await start()
    client = awsClient(server)
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }))
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'k', Body: 'x' }))
  })
  afterAll(() => server.stop())

  it('passes when it names the bucket owner, and is AccessDenied (nothing written) when it does not', async () => {
    const owner = ROOT.accessKey
    expect(
      await failureOf(client.send(new HeadBucketCommand({ Bucket: BUCKET, ExpectedBucketOwner: owner }))),
    ).toEqual({ code: 'ok' })
    expect(
      await failureOf(
        client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'k', ExpectedBucketOwner: '111122223333' })),
      ),
    ).toEqual(DENIED)
    expect(
      await failureOf(
        client.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: 'w', Body: 'y', ExpectedBucketOwner: '111122223333' }),
        ),
      ),
    ).toEqual(DENIED)
    expect(await failureOf(client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'w' })))).toMatchObject({
      code: 'NoSuchKey',
    })
    expect(
      await failureOf(
        client.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: 'w', Body: 'y', ExpectedBucketOwner: owner }),
        ),
      ),
    ).toEqual({ code: 'ok' })
  })

  it('x-amz-source-expected-bucket-owner checks the copy source bucket', async () => {
    const copy = (owner: string) =>
      failureOf(
        client.send(
          new CopyObjectCommand({
            Bucket: BUCKET,
            Key: 'c',
            CopySource: `${BUCKET}/k`,
            ExpectedSourceBucketOwner: owner,
          }),
        ),
      )
    expect(await copy('111122223333')).toEqual(DENIED)
    expect(await copy(ROOT.accessKey)).toEqual({ code: 'ok' })
  })
})
