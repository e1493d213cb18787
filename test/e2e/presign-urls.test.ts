/**
 * Presigned URLs end to end: URLs signed by the Silo SDK (and, independently, by
 * @aws-sdk/s3-request-presigner) used with plain fetch against a real server; expired, tampered,
 * misused URLs are refused with AccessDenied / SignatureDoesNotMatch.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../../src/index.js'
import { HANDLERS } from '../../src/server/handlers/index.js'
import { errorCode } from './helpers/raw-request.js'
import { awsRootClient, siloRootClient } from './helpers/root-clients.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from './helpers/server.js'

let server: RunningServer
let client: Client
const bucket = 'presign-e2e'

beforeAll(async () => {
  server = await startServer()
  client = siloRootClient(server, { region: 'us-east-1' })
  await client.makeBucket(bucket)
})
afterAll(() => server.stop())

const text = async (res: Response) => ({ status: res.status, body: await res.text() })

describe('presigned URLs with plain fetch', () => {
  it('PUT uploads, GET downloads (with response overrides), DELETE removes', async () => {
    const put = await fetch(await client.presignedPutObject(bucket, 'dir/hello world.txt', 60), {
      method: 'PUT',
      body: 'hello presigned',
    })
    expect(put.status).toBe(200)
    expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)

    const getUrl = await client.presignedGetObject(bucket, 'dir/hello world.txt', 60, {
      'response-content-type': 'text/x-greeting',
    })
    const got = await fetch(getUrl)
    expect(await text(got)).toEqual({ status: 200, body: 'hello presigned' })
    expect(got.headers.get('content-type')).toBe('text/x-greeting')

    const del = await fetch(await client.presignedUrl('DELETE', bucket, 'dir/hello world.txt', 60), {
      method: 'DELETE',
    })
    expect(del.status).toBe(204)
    expect((await fetch(getUrl)).status).toBe(404)
  })

  it.skipIf(!HANDLERS.ListObjectsV2)('a bucket-level URL lists the bucket', async () => {
    await client.putObject(bucket, 'list/a.txt', 'a')
    await client.putObject(bucket, 'other/b.txt', 'b')
    const url = await client.presignedUrl('GET', bucket, '', 60, { 'list-type': 2, prefix: 'list/' })
    const { status, body } = await text(await fetch(url))
    expect(status).toBe(200)
    expect(body).toContain('<Key>list/a.txt</Key>')
    expect(body).not.toContain('other/b.txt')
  })

  it('accepts a URL signed by @aws-sdk/s3-request-presigner (an independent signer)', async () => {
    await client.putObject(bucket, 'aws.txt', 'signed by aws')
    const s3 = awsRootClient(server)
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'aws.txt' }), {
      expiresIn: 60,
    })
    expect(await text(await fetch(url))).toEqual({ status: 200, body: 'signed by aws' })
  })
})

describe('refused presigned URLs', () => {
  const refusal = async (url: string, init?: RequestInit) => {
    const { status, body } = await text(await fetch(url, init))
    return { status, code: errorCode(body), message: /<Message>([^<]*)<\/Message>/.exec(body)?.[1] }
  }

  it('an expired URL: AccessDenied, Request has expired', async () => {
    await client.putObject(bucket, 'old.txt', 'x')
    const url = await client.presignedGetObject(bucket, 'old.txt', 60, {}, new Date(Date.now() - 120_000))
    expect(await refusal(url)).toEqual({ status: 403, code: 'AccessDenied', message: 'Request has expired.' })
  })

  it('a URL signed too far in the future: AccessDenied', async () => {
    const url = await client.presignedGetObject(bucket, 'old.txt', 60, {}, new Date(Date.now() + 3_600_000))
    expect(await refusal(url)).toMatchObject({ status: 403, code: 'AccessDenied' })
  })

  it('a tampered key, expiry or signature: SignatureDoesNotMatch', async () => {
    const url = await client.presignedGetObject(bucket, 'old.txt', 60)
    const otherKey = url.replace('/old.txt?', '/other.txt?')
    const longer = url.replace('X-Amz-Expires=60', 'X-Amz-Expires=600')
    const forged = url.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_, c) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    )
    for (const tampered of [otherKey, longer, forged]) {
      expect(tampered).not.toBe(url)
      expect(await refusal(tampered)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
    }
  })

  it('a GET URL used to PUT: the signed method is enforced', async () => {
    const url = await client.presignedGetObject(bucket, 'old.txt', 60)
    expect(await refusal(url, { method: 'PUT', body: 'overwrite' })).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    })
    expect(await text(await fetch(url))).toEqual({ status: 200, body: 'x' })
  })

  it('an expiry over 7 days, a session token the server never issued', async () => {
    const url = await client.presignedGetObject(bucket, 'old.txt', 60)
    expect(await refusal(url.replace('X-Amz-Expires=60', 'X-Amz-Expires=604801'))).toMatchObject({
      status: 403,
      code: 'AuthorizationQueryParametersError',
    })
    const withToken = new Client({
      endPoint: server.host,
      port: server.port,
      useSSL: false,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
      sessionToken: 'not-a-real-session',
      region: 'us-east-1',
    })
    expect(await refusal(await withToken.presignedGetObject(bucket, 'old.txt', 60))).toMatchObject({
      status: 400,
      code: 'InvalidToken',
    })
  })
})
