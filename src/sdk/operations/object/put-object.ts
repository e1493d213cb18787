/** PutObject: `PUT /bucket/key` with the body and metadata headers. */
import type { WireResponse } from '../../platform/types.js'
import { discardBody, headerOf, sanitizeETag } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName, assertObjectName } from '../../validate.js'
import { metadataToHeaders } from './upload/metadata.js'
import { planUpload } from './upload/plan-upload.js'
import { optionalSize, toUploadSource } from './upload/source.js'

/**
 * What an upload returns.
 * @example
 * const { etag, versionId }: UploadedObjectInfo = await client.putObject('photos', 'a.jpg', bytes)
 */
export interface UploadedObjectInfo {
  /** ETag without quotes. */
  etag: string
  /** Version ID on versioned buckets, else null. */
  versionId: string | null
}

/**
 * Uploads an object. `size` may be left out (`putObject(bucket, key, data, metaData)`).
 * @example
 * await putObject(transport, 'photos', 'a.txt', 'hello', undefined, { 'Content-Type': 'text/plain' })
 */
export async function putObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  data: unknown,
  size?: unknown,
  metaData?: unknown,
): Promise<UploadedObjectInfo> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  if (typeof size === 'object' && size !== null) [size, metaData] = [undefined, size]
  const source = toUploadSource(data)
  const headers = metadataToHeaders(metaData)
  const plan = await planUpload(source, optionalSize(size))
  return t.call(
    { method: 'PUT', bucket: bucketName, key: objectName, headers, body: plan.body },
    parseUploaded,
  )
}

/**
 * Reads ETag and version ID of an upload response.
 * @example
 * const info = parseUploaded(res)
 */
export async function parseUploaded(res: WireResponse): Promise<UploadedObjectInfo> {
  await discardBody(res)
  return { etag: sanitizeETag(headerOf(res, 'etag')), versionId: headerOf(res, 'x-amz-version-id') ?? null }
}
