/** A browser-style POST Object upload signed by the root, for server tests. */
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { computeSignature, deriveSigningKey, formatAmzDate } from '../../../src/shared/sigv4/index.js'
import { send, type TestResponse } from './signed-request.js'
import { ROOT, type TestServer } from './test-server.js'

/**
 * POSTs a multipart form uploading `hello` to `bucket`/`key`, with the `extra` form fields, under
 * a POST policy (signed by the root) that allows exactly those fields with any value.
 *
 * @example const res = await postForm(server, 'photos', 'a.txt', { acl: 'public-read' })
 */
export function postForm(
  server: TestServer,
  bucket: string,
  key: string,
  extra: Record<string, string>,
): Promise<TestResponse> {
  const amzDate = formatAmzDate(new Date())
  const day = amzDate.slice(0, 8)
  const covered = ['x-amz-algorithm', 'x-amz-credential', 'x-amz-date', ...Object.keys(extra)]
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(Date.now() + 600_000).toISOString(),
      conditions: [{ bucket }, { key }, ...covered.map((f) => ['starts-with', `$${f}`, ''])],
    }),
  ).toString('base64')
  const signingKey = deriveSigningKey(nodeCrypto, ROOT.secretKey, day, 'us-east-1')
  const fields: Record<string, string> = {
    key,
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': `${ROOT.accessKey}/${day}/us-east-1/s3/aws4_request`,
    'x-amz-date': amzDate,
    policy,
    'x-amz-signature': computeSignature(nodeCrypto, signingKey, policy),
    ...extra,
  }
  const parts = Object.entries(fields).map(
    ([n, v]) => `--B\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`,
  )
  const file =
    '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--B--\r\n'
  const url = new URL(`/${bucket}`, server.url)
  const body = Buffer.from(parts.join('') + file)
  return send(url, 'POST', { host: url.host, 'content-type': 'multipart/form-data; boundary=B' }, body)
}
