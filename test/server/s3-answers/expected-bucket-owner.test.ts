import { CopyObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { ROOT } from '../helpers/test-server.js'
import { failureOf, useAwsBackend } from './helpers.js'

const BUCKET = 'owned'
const DENIED = { code: 'AccessDenied', status: 403 }

describe.each(BACKENDS)('x-amz-expected-bucket-owner (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  beforeAll(() => backend.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'k', Body: 'x' })))

  it('passes when it names the bucket owner, and is AccessDenied (nothing written) when it does not', async () => {
    const owner = ROOT.accessKey
    expect(
      await failureOf(
        backend.client.send(new HeadBucketCommand({ Bucket: BUCKET, ExpectedBucketOwner: owner })),
      ),
    ).toEqual({ code: 'ok' })
    expect(
      await failureOf(
        backend.client.send(
          new GetObjectCommand({ Bucket: BUCKET, Key: 'k', ExpectedBucketOwner: '111122223333' }),
        ),
      ),
    ).toEqual(DENIED)
    expect(
      await failureOf(
        backend.client.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: 'w', Body: 'y', ExpectedBucketOwner: '111122223333' }),
        ),
      ),
    ).toEqual(DENIED)
    expect(
      await failureOf(backend.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'w' }))),
    ).toMatchObject({
      code: 'NoSuchKey',
    })
    expect(
      await failureOf(
        backend.client.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: 'w', Body: 'y', ExpectedBucketOwner: owner }),
        ),
      ),
    ).toEqual({ code: 'ok' })
  })

  it('x-amz-source-expected-bucket-owner checks the copy source bucket', async () => {
    const copy = (owner: string) =>
      failureOf(
        backend.client.send(
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
