/**
 * S3 Select over encrypted objects, over HTTPS on both backends, through @aws-sdk/client-s3:
 * an SSE-C object is selected with its customer key (the same answers as GET without it or with
 * a wrong one), an SSE-S3 object like any other.
 */
import { createHash, randomBytes } from 'node:crypto'
import { Agent } from 'node:https'
import {
  CreateBucketCommand,
  PutObjectCommand,
  S3Client,
  SelectObjectContentCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, startTestServer, type TestServer } from '../server/helpers/test-server.js'
import { createSelfSigned, type SelfSigned } from '../server/tls/self-signed.js'

const BUCKET = 'select-sse'
const CSV = `n,word\n${Array.from({ length: 300 }, (_, i) => `${i},w${i % 10}`).join('\n')}\n`
const EXPECTED = Array.from({ length: 300 }, (_, i) => i)
  .filter((i) => i % 10 === 3)
  .map((i) => `${i}\n`)
  .join('')

function customerKey() {
  const key = randomBytes(32)
  return {
    SSECustomerAlgorithm: 'AES256',
    SSECustomerKey: key.toString('base64'),
    SSECustomerKeyMD5: createHash('md5').update(key).digest('base64'),
  }
}

describe.each([
  ['single drive', 1],
  ['erasure, 4 drives', 4],
] as const)('S3 Select over encrypted objects (%s)', (_name, drives) => {
  let certs: SelfSigned
  let server: TestServer
  let aws: S3Client

  beforeAll(async () => {
    certs = createSelfSigned()
    server = await startTestServer({
      drives,
      tls: { cert: certs.cert, key: certs.key },
      kmsSecretKey: `select-key:${randomBytes(32).toString('base64')}`,
    })
    aws = new S3Client({
      endpoint: server.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
      requestHandler: { httpsAgent: new Agent({ rejectUnauthorized: false, keepAlive: true }) },
    })
    await aws.send(new CreateBucketCommand({ Bucket: BUCKET }))
  }, 60_000)
  afterAll(async () => {
    aws?.destroy()
    await server?.stop()
    certs?.remove()
  })

  async function select(key: string, sse: Record<string, string> = {}): Promise<string> {
    const out = await aws.send(
      new SelectObjectContentCommand({
        Bucket: BUCKET,
        Key: key,
        Expression: "SELECT s.n FROM S3Object s WHERE s.word = 'w3'",
        ExpressionType: 'SQL',
        InputSerialization: { CSV: { FileHeaderInfo: 'USE' } },
        OutputSerialization: { CSV: {} },
        ...sse,
      }),
    )
    let text = ''
    for await (const event of out.Payload ?? []) {
      if (event.Records?.Payload) text += Buffer.from(event.Records.Payload).toString()
    }
    return text
  }

  it('selects an SSE-C object with its key; without it 400, with another key 403', async () => {
    const key = customerKey()
    await aws.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'ssec.csv', Body: CSV, ...key }))
    expect(await select('ssec.csv', key)).toBe(EXPECTED)
    await expect(select('ssec.csv')).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 } })
    await expect(select('ssec.csv', customerKey())).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    })
  })

  it('selects an SSE-S3 object', async () => {
    await aws.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'sses3.csv', Body: CSV, ServerSideEncryption: 'AES256' }),
    )
    expect(await select('sses3.csv')).toBe(EXPECTED)
  })
})
