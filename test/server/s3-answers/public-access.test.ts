import {
  CreateBucketCommand,
  DeleteBucketOwnershipControlsCommand,
  DeletePublicAccessBlockCommand,
  GetBucketOwnershipControlsCommand,
  GetBucketPolicyStatusCommand,
  GetPublicAccessBlockCommand,
  PutBucketOwnershipControlsCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  PutPublicAccessBlockCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

const BUCKET = 'ownership'

function publicReadPolicy(bucket: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `arn:aws:s3:::${bucket}/*` },
    ],
  })
}

describe.each(BACKENDS)('object ownership, Block Public Access and policy status (%s)', (_name, start) => {
  let server: TestServer
  let client: ReturnType<typeof awsClient>
  beforeAll(async () => {
    server = await start()
    client = awsClient(server)
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }))
  })
  afterAll(() => server.stop())

  it('ownershipControls: BucketOwnerEnforced by default, PUT and DELETE as S3', async () => {
    const get = () => client.send(new GetBucketOwnershipControlsCommand({ Bucket: BUCKET }))
    expect((await get()).OwnershipControls?.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerEnforced' }])
    await client.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: BUCKET,
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      }),
    )
    expect((await get()).OwnershipControls?.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerPreferred' }])
    await client.send(new DeleteBucketOwnershipControlsCommand({ Bucket: BUCKET }))
    expect(await failureOf(get())).toEqual({ code: 'OwnershipControlsNotFoundError', status: 404 })
    expect(
      await failureOf(
        client.send(
          new PutBucketOwnershipControlsCommand({
            Bucket: BUCKET,
            OwnershipControls: { Rules: [{ ObjectOwnership: 'Nobody' as 'ObjectWriter' }] },
          }),
        ),
      ),
    ).toEqual({ code: 'MalformedXML', status: 400 })
  })

  it('CreateBucket x-amz-object-ownership is stored; an unknown value is InvalidArgument, no bucket made', async () => {
    await client.send(
      new CreateBucketCommand({ Bucket: 'ownership-writer', ObjectOwnership: 'ObjectWriter' }),
    )
    const got = await client.send(new GetBucketOwnershipControlsCommand({ Bucket: 'ownership-writer' }))
    expect(got.OwnershipControls?.Rules).toEqual([{ ObjectOwnership: 'ObjectWriter' }])
    const bad = await s3(server.url, 'PUT', '/ownership-bad', {
      headers: { 'x-amz-object-ownership': 'Anyone' },
    })
    expect([bad.status, xmlField(bad.text, 'Code')]).toEqual([400, 'InvalidArgument'])
    expect((await s3(server.url, 'HEAD', '/ownership-bad')).status).toBe(404)
  })

  it('publicAccessBlock: BlockPublicPolicy refuses a public policy; policyStatus says IsPublic', async () => {
    const bucket = 'acls-pab'
    await client.send(new CreateBucketCommand({ Bucket: bucket }))
    expect(await failureOf(client.send(new GetPublicAccessBlockCommand({ Bucket: bucket })))).toEqual({
      code: 'NoSuchPublicAccessBlockConfiguration',
      status: 404,
    })
    await client.send(
      new PutPublicAccessBlockCommand({
        Bucket: bucket,
        PublicAccessBlockConfiguration: { BlockPublicPolicy: true, RestrictPublicBuckets: true },
      }),
    )
    expect(
      (await client.send(new GetPublicAccessBlockCommand({ Bucket: bucket }))).PublicAccessBlockConfiguration,
    ).toEqual({
      BlockPublicAcls: false,
      IgnorePublicAcls: false,
      BlockPublicPolicy: true,
      RestrictPublicBuckets: true,
    })
    const putPolicy = () =>
      failureOf(client.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: publicReadPolicy(bucket) })))
    expect(await putPolicy()).toEqual({ code: 'AccessDenied', status: 403 })
    const status = () => client.send(new GetBucketPolicyStatusCommand({ Bucket: bucket }))
    await client.send(new DeletePublicAccessBlockCommand({ Bucket: bucket }))
    expect(await putPolicy()).toEqual({ code: 'ok' })
    expect((await status()).PolicyStatus?.IsPublic).toBe(true)
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'open', Body: 'x' }))
    expect((await fetch(`${server.url}/${bucket}/open`)).status).toBe(200)
    // RestrictPublicBuckets: the public policy stays, but anonymous callers no longer get through.
    await client.send(
      new PutPublicAccessBlockCommand({
        Bucket: bucket,
        PublicAccessBlockConfiguration: { RestrictPublicBuckets: true },
      }),
    )
    expect((await fetch(`${server.url}/${bucket}/open`)).status).toBe(403)
    const restricted = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: '*',
          Action: 's3:GetObject',
          Resource: `arn:aws:s3:::${bucket}/*`,
          Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } },
        },
      ],
    })
    await client.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: restricted }))
    expect((await status()).PolicyStatus?.IsPublic).toBe(false)
  })
})
