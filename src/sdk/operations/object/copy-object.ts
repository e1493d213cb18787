/**
 * CopyObject: `PUT /bucket/key` with `x-amz-copy-source`, in minio-js's two forms: v1
 * `(bucket, key, '/srcBucket/srcKey', CopyConditions?)` and v2 `(CopySourceOptions,
 * CopyDestinationOptions)`.
 */
import { InvalidArgumentError, InvalidPrefixError } from '../../errors.js'
import { sanitizeETag } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { escapeKey } from '../../transport/uri-escape.js'
import { textOf } from '../../transport/xml.js'
import { assertBucketName, assertObjectName } from '../../validate.js'
import { CopyConditions } from './copy-conditions.js'
import { destinationHeaders, extractMetadata, lowerCaseHeaders } from './copy-headers.js'
import { CopyDestinationOptions, CopySourceOptions } from './copy-options.js'
import { refuseKeyInClear } from './encryption.js'
import { readResultOrError } from './result-or-error.js'

/**
 * What copyObject v1 returns.
 * @example
 * const { etag, lastModified }: CopyObjectResult = await client.copyObject('b', 'copy', '/b/orig')
 */
export interface CopyObjectResult {
  /** ETag of the new object, without quotes. */
  etag: string
  lastModified: Date
}

/**
 * What copyObject v2 (options objects) returns, field for field as minio-js 8.
 * @example
 * const { Bucket, Key, Etag }: CopyObjectResultV2 = await client.copyObject(src, dest)
 */
export interface CopyObjectResultV2 {
  Bucket: string
  Key: string
  LastModified: Date
  /** Metadata-like headers of the copy response (minio-js's `extractMetadata` of it). */
  MetaData: Record<string, string>
  VersionId: string | null
  SourceVersionId: string | null
  /** The response's ETag header, unquoted ('' when the server sends none, as S3 does). */
  Etag: string
  /**
   * Always undefined, as in minio-js 8: it reads the response's content-length only when it is
   * a number, which a header never is. Kept so the shape matches.
   */
  Size: number | undefined
}

/**
 * Copies `sourceObject` ('/bucket/key'; the leading '/' may be left out) to bucket/key on the
 * server, if `conditions` hold. Argument errors are minio-js's: a non-string source or
 * non-CopyConditions conditions → `TypeError`, an empty source → `InvalidPrefixError`.
 * @example
 * await copyObjectV1(transport, 'photos', 'copy.jpg', '/photos/a.jpg')
 */
export async function copyObjectV1(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  sourceObject: unknown,
  conditions?: unknown,
): Promise<CopyObjectResult> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  if (typeof sourceObject !== 'string') {
    throw new TypeError('sourceBucketNameAndObjectName should be of type "string"')
  }
  if (sourceObject === '') throw new InvalidPrefixError('Empty source prefix')
  if (conditions !== undefined && conditions !== null && !(conditions instanceof CopyConditions)) {
    throw new TypeError('conditions should be of type "CopyConditions"')
  }
  const source = sourceObject.startsWith('/') ? sourceObject : `/${sourceObject}`
  const headers = {
    ...(conditions as CopyConditions | null | undefined)?.toHeaders(),
    'x-amz-copy-source': escapeKey(source),
  }
  const request = { method: 'PUT' as const, bucket: bucketName, key: objectName, headers }
  return t.call(request, async (res) => {
    const result = await readResultOrError(res, 'CopyObjectResult', { bucket: bucketName, key: objectName })
    return {
      etag: sanitizeETag(textOf(result, 'ETag')),
      lastModified: new Date(textOf(result, 'LastModified')),
    }
  })
}

/**
 * Copies `source` to `dest` in one CopyObject (the caller handles ranged sources, which
 * CopyObject cannot do). Both option objects are validated first.
 * @example
 * await copyObjectV2(transport, new CopySourceOptions({ Bucket: 'b', Object: 'a' }), new CopyDestinationOptions({ Bucket: 'b', Object: 'c' }))
 */
export async function copyObjectV2(
  t: Transport,
  sourceConfig: unknown,
  destConfig: unknown,
): Promise<CopyObjectResultV2> {
  const { source, dest } = checkCopyOptions(sourceConfig, destConfig)
  const headers = lowerCaseHeaders({ ...source.getHeaders(), ...destinationHeaders(dest) })
  refuseKeyInClear(t.options.useSSL, headers)
  const request = { method: 'PUT' as const, bucket: dest.Bucket, key: dest.Object, headers }
  return t.call(request, async (res) => {
    const result = await readResultOrError(res, 'CopyObjectResult', { bucket: dest.Bucket, key: dest.Object })
    return {
      Bucket: dest.Bucket,
      Key: dest.Object,
      LastModified: new Date(textOf(result, 'LastModified')),
      MetaData: extractMetadata(res.headers),
      VersionId: header(res.headers, 'x-amz-version-id') ?? null,
      SourceVersionId: header(res.headers, 'x-amz-copy-source-version-id') ?? null,
      Etag: sanitizeETag(header(res.headers, 'etag')),
      Size: undefined,
    }
  })
}

/**
 * Returns the two option objects typed, or throws minio-js's errors unless `source` is a valid
 * CopySourceOptions and `dest` a valid CopyDestinationOptions.
 * @example
 * const { source, dest } = checkCopyOptions(src, dst)
 */
export function checkCopyOptions(
  source: unknown,
  dest: unknown,
): { source: CopySourceOptions; dest: CopyDestinationOptions } {
  if (!(source instanceof CopySourceOptions)) {
    throw new InvalidArgumentError('sourceConfig should of type CopySourceOptions ')
  }
  if (!(dest instanceof CopyDestinationOptions)) {
    throw new InvalidArgumentError('destConfig should of type CopyDestinationOptions ')
  }
  source.validate()
  dest.validate()
  return { source, dest }
}

function header(headers: Readonly<Record<string, string | string[] | undefined>>, name: string) {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}
