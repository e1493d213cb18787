import { request } from 'node:http'
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { formatAmzDate, signRequest } from '../../src/shared/sigv4/index.js'
import { createAwsClient } from './helpers/aws-client.js'
import { sha256Hex } from './helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from './helpers/test-server.js'

const Bucket = 'evented'
let server: TestServer
let client: S3Client

beforeAll(async () => {
  server = await startTestServer()
  client = createAwsClient(server)
  await client.send(new CreateBucketCommand({ Bucket }))
})
afterAll(async () => {
  client.destroy()
  await server.stop()
})

/** Subscribes with ListenBucketNotification; `names()` is every "event key" line received so far. */
async function listen(): Promise<{ names: () => string[]; close: () => void }> {
  const url = new URL(server.url)
  const query: Array<[string, string]> = [
    ['events', 's3:ObjectCreated:*'],
    ['events', 's3:ObjectRemoved:*'],
  ]
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': formatAmzDate(new Date()),
    'x-amz-content-sha256': sha256Hex(''),
  }
  const { authorization } = signRequest(
    nodeCrypto,
    { method: 'GET', path: `/${Bucket}`, query, headers },
    {
      ...{ accessKey: ROOT.accessKey, secretKey: ROOT.secretKey },
      region: 'us-east-1',
      date: new Date(),
      signedHeaders: Object.keys(headers),
    },
  )
  const search = query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')
  let text = ''
  const req = request({
    hostname: url.hostname,
    port: url.port,
    path: `/${Bucket}?${search}`,
    headers: { ...headers, authorization },
  })
  await new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      res.on('error', () => {})
      resolve()
    })
    req.on('error', reject)
    req.end()
  })
  const names = () =>
    text
      .split('\n')
      .filter((line) => line.trim().startsWith('{'))
      .flatMap(
        (line) =>
          (JSON.parse(line) as { Records: Array<{ eventName: string; s3: { object: { key: string } } }> })
            .Records,
      )
      .map((r) => `${r.eventName} ${decodeURIComponent(r.s3.object.key)}`)
  return { names, close: () => req.destroy() }
}

describe('bucket events of the new object operations', () => {
  it('publishes Copy, CompleteMultipartUpload and one Delete per deleted key, before answering', async () => {
    const sub = await listen()
    try {
      await client.send(new PutObjectCommand({ Bucket, Key: 'src', Body: 'x' }))
      await client.send(new CopyObjectCommand({ Bucket, Key: 'copy', CopySource: `${Bucket}/src` }))
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: 'mp' }))
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key: 'mp', UploadId, PartNumber: 1, Body: 'p' }),
      )
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: 'mp',
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] },
        }),
      )
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: 'src' }, { Key: 'copy' }] } }),
      )
      // Published before the answer, so they are on their way by now; allow the socket a moment.
      await new Promise((r) => setTimeout(r, 200))
      expect(sub.names().sort()).toEqual(
        [
          's3:ObjectCreated:Put src',
          's3:ObjectCreated:Copy copy',
          's3:ObjectCreated:CompleteMultipartUpload mp',
          's3:ObjectRemoved:Delete src',
          's3:ObjectRemoved:Delete copy',
        ].sort(),
      )
    } finally {
      sub.close()
    }
  })
})
