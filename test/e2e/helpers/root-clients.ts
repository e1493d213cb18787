import { S3Client } from '@aws-sdk/client-s3'
import { Client, type ClientOptions } from '../../../src/index.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer } from './server.js'

/** A Silo SDK client for `server` with the root credential (plain HTTP, path style). */
export function siloRootClient(server: RunningServer, extra: Partial<ClientOptions> = {}): Client {
  return new Client({
    endPoint: server.host,
    port: server.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    ...extra,
  })
}

/**
 * An `@aws-sdk/client-s3` client for `server`, path style, with the root credential or the one
 * given.
 */
export function awsRootClient(
  server: RunningServer,
  credential = { accessKey: ROOT_USER, secretKey: ROOT_PASSWORD },
): S3Client {
  return new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: credential.accessKey, secretAccessKey: credential.secretKey },
  })
}
