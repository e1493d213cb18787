import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { presignedUrl, s3, send, UNSIGNED_PAYLOAD } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient } from './helpers.js'

describe.each(BACKENDS)('aws-chunked is decided by x-amz-content-sha256 (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/chunked')
  })
  afterAll(() => server.stop())

  it('a plain signed body with Content-Encoding: aws-chunked is stored as sent', async () => {
    for (const [key, payloadHash] of [
      ['signed', undefined],
      ['unsigned', UNSIGNED_PAYLOAD],
    ] as const) {
      const put = await s3(server.url, 'PUT', `/chunked/${key}`, {
        body: 'plain bytes',
        headers: { 'content-encoding': 'aws-chunked' },
        ...(payloadHash ? { payloadHash } : {}),
      })
      expect(put.status).toBe(200)
      const got = await s3(server.url, 'GET', `/chunked/${key}`)
      expect([got.status, got.text]).toEqual([200, 'plain bytes'])
      // aws-chunked is a transfer detail: not stored as the object's Content-Encoding.
      expect(got.headers['content-encoding']).toBeUndefined()
    }
  })

  it('a presigned PUT whose signed x-amz-content-sha256 says STREAMING-UNSIGNED-PAYLOAD-TRAILER is decoded', async () => {
    const signed = {
      'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      'x-amz-decoded-content-length': '5',
    }
    const url = presignedUrl(server.url, 'PUT', '/chunked/presigned', { signed })
    const body = Buffer.from('5\r\nhello\r\n0\r\n\r\n')
    const put = await send(url, 'PUT', { ...signed, 'content-length': String(body.length) }, body)
    expect(put.status).toBe(200)
    const got = await s3(server.url, 'GET', '/chunked/presigned')
    expect(got.text).toBe('hello')
  })

  it('the SDK (default checksums) with ContentEncoding: aws-chunked still works', async () => {
    const client = awsClient(server)
    await client.send(
      new PutObjectCommand({
        Bucket: 'chunked',
        Key: 'sdk',
        Body: 'from the sdk',
        ContentEncoding: 'aws-chunked',
      }),
    )
    const got = await client.send(new GetObjectCommand({ Bucket: 'chunked', Key: 'sdk' }))
    expect(await got.Body!.transformToString()).toBe('from the sdk')
  })
})
