/** GetObject: `GET /bucket/key` (optionally with a Range), resolved with the body stream. */
import { InvalidArgumentError } from '../../errors.js'
import type { BodyStream } from '../../platform/types.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName, assertObjectName, optionalObject, optionalString } from '../../validate.js'
import { type SSECustomerOptions, sseCustomerHeaders } from './sse-customer-headers.js'

/**
 * Options of `getObject`.
 * @example
 * await client.getObject('photos', 'a.jpg', { versionId: '3HL4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY' })
 */
export interface GetObjectOptions extends SSECustomerOptions {
  /** Read this version instead of the latest. */
  versionId?: string
  /** Stops the download: before the response, the promise rejects; after, the stream errors. */
  signal?: AbortSignal
}

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
  const headers = sseCustomerHeaders(options, 'getOpts')
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
