/** Shared pieces of the "answer exactly as S3" tests (issue 19). */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll } from 'vitest'
import { AdminClient } from '../../../src/index.js'
import { ROOT, type TestServer } from '../helpers/test-server.js'

/** A user's credential. */
export interface UserCredential {
  accessKey: string
  secretKey: string
}

/**
 * Adds an IAM user with a policy of its own (a canned policy named after the user), through the
 * admin API as an administrator would.
 */
export async function addUser(server: TestServer, user: UserCredential, statements: object[]): Promise<void> {
  const url = new URL(server.url)
  const admin = new AdminClient({
    endPoint: url.hostname,
    port: server.port,
    useSSL: false,
    accessKey: ROOT.accessKey,
    secretKey: ROOT.secretKey,
  })
  await admin.addCannedPolicy(`${user.accessKey}-policy`, { Version: '2012-10-17', Statement: statements })
  await admin.addUser(user.accessKey, user.secretKey, `${user.accessKey}-policy`)
}

/** @aws-sdk/client-s3 with its default checksums on, signing as `user` (root by default). */
export function awsClient(server: TestServer, user: UserCredential = ROOT): S3Client {
  return new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: user.accessKey, secretAccessKey: user.secretKey },
  })
}

/** The S3 error an SDK call failed with: its code and HTTP status ('ok' when it succeeded). */
export async function failureOf(p: Promise<unknown>): Promise<{ code: string; status?: number }> {
  try {
    await p
    return { code: 'ok' }
  } catch (e) {
    const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } }
    return { code: err.Code ?? err.name ?? String(e), status: err.$metadata?.httpStatusCode }
  }
}

/**
 * Starts a server of one backend for the enclosing describe (with vitest hooks), with a root
 * client and `bucket` created; the fields are set once beforeAll has run.
 */
export function useAwsBackend(
  start: () => Promise<TestServer>,
  bucket: string,
): { server: TestServer; client: S3Client } {
  const backend = {} as { server: TestServer; client: S3Client }
  beforeAll(async () => {
    backend.server = await start()
    backend.client = awsClient(backend.server)
    await backend.client.send(new CreateBucketCommand({ Bucket: bucket }))
  })
  afterAll(() => backend.server.stop())
  return backend
}
