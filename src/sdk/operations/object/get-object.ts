/** GetObject: `GET /bucket/key` (optionally with a Range), resolved with the body stream. */
import { InvalidArgumentError } from '../../errors.js'
import type { BodyStream } from '../../platform/types.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName, assertObjectName, optionalObject, optionalString } from '../../validate.js'

/**
 * Options of `getObject`.
 * @example
 * await client.getObject('photos', 'a.jpg', { versionId: '3HL4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY' })
 */
export interface GetObjectOptions {
  /** Read this version instead of the latest. */
  versionId?: string
  /** SSE-C: the algorithm, normally `AES256`. */
  SSECustomerAlgorithm?: string
  /** SSE-C: the base64 key the object was written with. Sent as a header, never in the URL. */
  SSECustomerKey?: string
  /** SSE-C: base64 MD5 of the key. */
  SSECustomerKeyMD5?: string
  /** Stops the download: before the response, the promise rejects; after, the stream errors. */
  signal?: AbortSignal
}

const SSEC_HEADERS = {
  SSECustomerAlgorithm: 'x-amz-server-side-encryption-customer-algorithm',
  SSECustomerKey: 'x-amz-server-side-encryption-customer-key',
  SSECustomerKeyMD5: 'x-amz-server-side-encryption-customer-key-md5',
} as const

/**
 * Downloads an object (or the byte range `range`, e.g. `bytes=0-99`); resolves once the response
 * headers arrive, with the body as a stream.
 * @example
 * const stream = await getObject(transport, 'photos', 'a.jpg')
 */
export async function getObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  getOpts?: unknown,
  range?: string,
): Promise<BodyStream> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const options = optionalObject<GetObjectOptions>(getOpts, 'getOpts')
  const versionId = optionalString(options.versionId, 'getOpts.versionId')
  const headers: Record<string, string> = {}
  for (const option of Object.keys(SSEC_HEADERS) as (keyof typeof SSEC_HEADERS)[]) {
    const value = optionalString(options[option], `getOpts.${option}`)
    if (value !== undefined) headers[SSEC_HEADERS[option]] = value
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new InvalidArgumentError('Invalid getOpts.signal: must be an AbortSignal')
  }
  if (range !== undefined) headers.range = range
  return t.call(
    {
      method: 'GET',
      bucket: bucketName,
      key: objectName,
      headers,
      query: versionId ? { versionId } : undefined,
      signal: options.signal,
    },
    (res) => res.stream(),
  )
}
