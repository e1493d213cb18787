import { CreateBucketCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { addUser, awsClient, failureOf } from './helpers.js'

// Both users may create any bucket; neither owns the other's.
const MAY_CREATE = [{ Effect: 'Allow', Action: ['s3:CreateBucket'], Resource: ['arn:aws:s3:::*'] }]
const ALICE = { accessKey: 'alice', secretKey: 'alice-secret-1' }
const BOB = { accessKey: 'bob', secretKey: 'bob-secret-12' }

describe.each(BACKENDS)('CreateBucket of an existing name (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await addUser(server, ALICE, MAY_CREATE)
    await addUser(server, BOB, MAY_CREATE)
    await s3(server.url, 'PUT', '/root-owned')
    expect((await s3(server.url, 'PUT', '/alice-owned', ALICE)).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('its owner gets 409 BucketAlreadyOwnedByYou (the SDK and raw)', async () => {
    expect(
      await failureOf(awsClient(server, ALICE).send(new CreateBucketCommand({ Bucket: 'alice-owned' }))),
    ).toEqual({
      code: 'BucketAlreadyOwnedByYou',
      status: 409,
    })
    const res = await s3(server.url, 'PUT', '/root-owned')
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([409, 'BucketAlreadyOwnedByYou'])
  })

  it('another user gets 409 BucketAlreadyExists, whoever created it', async () => {
    expect(
      await failureOf(awsClient(server, BOB).send(new CreateBucketCommand({ Bucket: 'alice-owned' }))),
    ).toEqual({
      code: 'BucketAlreadyExists',
      status: 409,
    })
    const res = await s3(server.url, 'PUT', '/root-owned', BOB)
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([409, 'BucketAlreadyExists'])
  })

  it('the root owns every bucket of the deployment, as on MinIO', async () => {
    const res = await s3(server.url, 'PUT', '/alice-owned')
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([409, 'BucketAlreadyOwnedByYou'])
  })
})
