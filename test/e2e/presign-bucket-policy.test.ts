/**
 * Bucket policies through the SDK (getBucketPolicy / setBucketPolicy) against the server, seen
 * from a plain, unsigned fetch — what a browser does with a public URL instead of a presigned one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, S3Error } from '../../src/index.js'
import { siloRootClient } from './helpers/root-clients.js'
import { type RunningServer, startServer } from './helpers/server.js'

let server: RunningServer
let client: Client
const bucket = 'policy-e2e'

const publicRead = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetObject'],
      Resource: [`arn:aws:s3:::${bucket}/public/*`],
    },
  ],
})

beforeAll(async () => {
  server = await startServer()
  client = siloRootClient(server, { region: 'us-east-1' })
  await client.makeBucket(bucket)
  await client.putObject(bucket, 'public/a.txt', 'for everyone')
  await client.putObject(bucket, 'private/b.txt', 'for the owner')
})
afterAll(() => server.stop())

describe('bucket policy through the SDK', () => {
  it('has none at first: NoSuchBucketPolicy', async () => {
    const error = await client.getBucketPolicy(bucket).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(S3Error)
    expect((error as S3Error).code).toBe('NoSuchBucketPolicy')
  })

  it('sets a policy that opens a prefix to unsigned requests, and reads it back', async () => {
    await client.setBucketPolicy(bucket, publicRead)
    const stored = JSON.parse(await client.getBucketPolicy(bucket))
    expect(stored.Statement[0].Action).toEqual(['s3:GetObject'])
    const open = await fetch(`${server.url}/${bucket}/public/a.txt`)
    expect({ status: open.status, body: await open.text() }).toEqual({ status: 200, body: 'for everyone' })
    expect((await fetch(`${server.url}/${bucket}/private/b.txt`)).status).toBe(403)
  })

  it("removes it with '' and refuses a policy that is not a string", async () => {
    await client.setBucketPolicy(bucket, '')
    expect((await fetch(`${server.url}/${bucket}/public/a.txt`)).status).toBe(403)
    await expect(client.getBucketPolicy(bucket)).rejects.toMatchObject({ code: 'NoSuchBucketPolicy' })
    await expect(client.setBucketPolicy(bucket, { Version: '2012-10-17' } as never)).rejects.toThrow(
      /must be a JSON string/,
    )
  })

  it('calls back when given a callback', async () => {
    await new Promise<void>((resolve, reject) =>
      client.setBucketPolicy(bucket, publicRead, (err) => (err ? reject(err) : resolve())),
    )
    const text = await new Promise<string>((resolve, reject) =>
      client.getBucketPolicy(bucket, (err, policy) => (err ? reject(err) : resolve(policy))),
    )
    expect(JSON.parse(text).Version).toBe('2012-10-17')
  })
})
