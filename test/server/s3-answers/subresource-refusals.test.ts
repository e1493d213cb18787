/**
 * Never mis-route (issue 19): a request naming a subresource S3 defines and Silo does not
 * implement answers 501 NotImplemented naming it. Before, every `PUT /bucket?<subresource>` the
 * router had no row for (`?publicAccessBlock`, `?ownershipControls`, `?accelerate`, `?logging`)
 * created the bucket, and such a GET (`?policyStatus`, `?requestPayment`) answered a listing.
 * (`?publicAccessBlock`, `?ownershipControls`, `?policyStatus` are now implemented by the ACL
 * work; the subresources below stay unimplemented.)
 */
import {
  GetBucketAccelerateConfigurationCommand,
  GetBucketLoggingCommand,
  GetBucketRequestPaymentCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutBucketAccelerateConfigurationCommand,
  PutBucketLoggingCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { addUser, awsClient, failureOf } from './helpers.js'

const BUCKET = 'subresources'
const CAROL = { accessKey: 'carol', secretKey: 'carol-secret-1' }

describe.each(BACKENDS)('subresources Silo does not implement (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
    expect((await s3(server.url, 'PUT', `/${BUCKET}/a/1.txt`, { body: 'one' })).status).toBe(200)
    await addUser(server, CAROL, [
      { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::*'] },
    ])
  })
  afterAll(() => server.stop())

  it('PutBucketAccelerateConfiguration and PutBucketLogging: 501, and no bucket is created', async () => {
    const client = awsClient(server)
    const accelerate = client.send(
      new PutBucketAccelerateConfigurationCommand({
        Bucket: 'accel-new',
        AccelerateConfiguration: { Status: 'Enabled' },
      }),
    )
    expect(await failureOf(accelerate)).toEqual({ code: 'NotImplemented', status: 501 })
    const logging = client.send(
      new PutBucketLoggingCommand({ Bucket: 'logging-new', BucketLoggingStatus: {} }),
    )
    expect(await failureOf(logging)).toEqual({ code: 'NotImplemented', status: 501 })
    expect((await s3(server.url, 'HEAD', '/accel-new')).status).toBe(404)
    expect((await s3(server.url, 'HEAD', '/logging-new')).status).toBe(404)
  })

  it('GetBucketRequestPayment, GetBucketAccelerateConfiguration, GetBucketLogging: 501, not a listing', async () => {
    const client = awsClient(server)
    for (const command of [
      new GetBucketRequestPaymentCommand({ Bucket: BUCKET }),
      new GetBucketAccelerateConfigurationCommand({ Bucket: BUCKET }),
      new GetBucketLoggingCommand({ Bucket: BUCKET }),
    ]) {
      expect(await failureOf(client.send(command as never))).toEqual({ code: 'NotImplemented', status: 501 })
    }
  })

  it('raw: the message names the operation, the method and the subresource', async () => {
    const res = await s3(server.url, 'GET', `/${BUCKET}?requestPayment`)
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([501, 'NotImplemented'])
    expect(xmlField(res.text, 'Message')).toBe(
      'GetBucketRequestPayment (GET ?requestPayment) is not implemented by Silo.',
    )
    const put = await s3(server.url, 'PUT', '/acc-raw?accelerate', { body: '<AccelerateConfiguration/>' })
    expect([put.status, xmlField(put.text, 'Code')]).toEqual([501, 'NotImplemented'])
    expect((await s3(server.url, 'HEAD', '/acc-raw')).status).toBe(404)
  })

  it('raw: a subresource with no S3 operation for the method, or a directory-bucket one, is 501 too', async () => {
    for (const [method, target, sub] of [
      ['GET', `/${BUCKET}?session`, 'GET ?session'],
      ['DELETE', `/${BUCKET}?location`, 'DELETE ?location'],
      ['PUT', `/${BUCKET}/a/1.txt?renameObject`, 'PUT ?renameObject'],
      ['GET', `/${BUCKET}/a/1.txt?policy`, 'GET ?policy'],
    ] as const) {
      const res = await s3(server.url, method, target)
      expect([res.status, xmlField(res.text, 'Code')], target).toEqual([501, 'NotImplemented'])
      expect(xmlField(res.text, 'Message')).toContain(sub)
    }
    // The bucket and its object are untouched.
    expect((await s3(server.url, 'GET', `/${BUCKET}/a/1.txt`)).text).toBe('one')
  })

  it('PUT ?uploadId without partNumber is 400 InvalidRequest, not a PutObject', async () => {
    const res = await s3(server.url, 'PUT', `/${BUCKET}/u.txt?uploadId=abc`, { body: 'x' })
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'InvalidRequest'])
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/u.txt`)).status).toBe(404)
  })

  it('a caller without the permission gets AccessDenied first (each new operation has its permission row)', async () => {
    const res = await s3(server.url, 'GET', `/${BUCKET}?logging`, CAROL)
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([403, 'AccessDenied'])
  })

  it('query parameters that are not subresources keep working (x-id, prefix, response-*, partNumber)', async () => {
    const client = awsClient(server)
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'a/', MaxKeys: 5 }))
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['a/1.txt'])
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a/2.txt', Body: 'two' }))
    const got = await client.send(
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: 'a/2.txt',
        ResponseContentType: 'text/x-two',
        PartNumber: 1,
      }),
    )
    expect(got.ContentType).toBe('text/x-two')
    expect(await got.Body?.transformToString()).toBe('two')
  })
})
