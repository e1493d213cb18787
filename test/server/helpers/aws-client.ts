import { S3Client } from '@aws-sdk/client-s3'
import { ROOT, type TestServer } from './test-server.js'

/**
 * An independent client for `server`: @aws-sdk/client-s3 with path-style addressing. By default
 * it adds no CRC checksums, so requests carry exactly what the test asks for; pass
 * `checksums: true` to let it send them (then the server must verify them).
 */
export function createAwsClient(server: TestServer, options: { checksums?: boolean } = {}): S3Client {
  const when = options.checksums ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED'
  return new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    requestChecksumCalculation: when,
    responseChecksumValidation: when,
  })
}
