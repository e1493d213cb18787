import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { addUser, awsClient, failureOf } from './helpers.js'

const LISTER = { accessKey: 'lister', secretKey: 'lister-secret-1' }
const STRANGER = { accessKey: 'stranger', secretKey: 'stranger-secret' }

describe.each(BACKENDS)('a missing key asked for by a user who may list the bucket (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/listable')
    await s3(server.url, 'PUT', '/listable/present', { body: 'x' })
    await addUser(server, LISTER, [
      { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::listable'] },
    ])
    await addUser(server, STRANGER, [
      { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::other'] },
    ])
  })
  afterAll(() => server.stop())

  it('HEAD and GET of a missing key: 404 (NoSuchKey) with s3:ListBucket', async () => {
    const head = await s3(server.url, 'HEAD', '/listable/absent', LISTER)
    expect(head.status).toBe(404)
    const get = await s3(server.url, 'GET', '/listable/absent', LISTER)
    expect([get.status, xmlField(get.text, 'Code')]).toEqual([404, 'NoSuchKey'])
    const client = awsClient(server, LISTER)
    expect(
      (await failureOf(client.send(new HeadObjectCommand({ Bucket: 'listable', Key: 'absent' })))).status,
    ).toBe(404)
    expect(await failureOf(client.send(new GetObjectCommand({ Bucket: 'listable', Key: 'absent' })))).toEqual(
      {
        code: 'NoSuchKey',
        status: 404,
      },
    )
  })

  it('an existing key is still 403 without s3:GetObject', async () => {
    expect((await s3(server.url, 'HEAD', '/listable/present', LISTER)).status).toBe(403)
    const get = await s3(server.url, 'GET', '/listable/present', LISTER)
    expect([get.status, xmlField(get.text, 'Code')]).toEqual([403, 'AccessDenied'])
  })

  it('without s3:ListBucket a missing key is 403, as S3', async () => {
    expect((await s3(server.url, 'HEAD', '/listable/absent', STRANGER)).status).toBe(403)
    const get = await s3(server.url, 'GET', '/listable/absent', STRANGER)
    expect([get.status, xmlField(get.text, 'Code')]).toEqual([403, 'AccessDenied'])
  })
})
