/** CopyObject: `PUT /bucket/key` with `x-amz-copy-source: /srcBucket/srcKey`. */
import { InvalidArgumentError, InvalidPrefixError } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import { escapeKey } from '../../transport/uri-escape.js'
import { textOf } from '../../transport/xml.js'
import { assertBucketName, assertObjectName } from '../../validate.js'
import { CopyConditions } from './copy-conditions.js'
import { readResultOrError } from './result-or-error.js'

/**
 * What copyObject returns.
 * @example
 * const { etag, lastModified }: CopyObjectResult = await client.copyObject('b', 'copy', '/b/orig')
 */
export interface CopyObjectResult {
  /** ETag of the new object, without quotes. */
  etag: string
  lastModified: Date
}

/**
 * Copies `sourceObject` ('/bucket/key'; a leading '/' may be left out) to bucket/key on the
 * server, if `conditions` hold.
 * @example
 * await copyObject(transport, 'photos', 'copy.jpg', '/photos/a.jpg')
 */
export async function copyObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  sourceObject: unknown,
  conditions?: unknown,
): Promise<CopyObjectResult> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  if (typeof sourceObject !== 'string' || sourceObject === '') {
    throw new InvalidPrefixError(
      `Invalid sourceObject ${JSON.stringify(sourceObject)}: expected '/bucket/object'`,
    )
  }
  if (conditions !== undefined && conditions !== null && !(conditions instanceof CopyConditions)) {
    throw new InvalidArgumentError('Invalid conditions: must be a CopyConditions')
  }
  const source = sourceObject.startsWith('/') ? sourceObject : `/${sourceObject}`
  const headers = {
    ...(conditions as CopyConditions | undefined)?.toHeaders(),
    'x-amz-copy-source': escapeKey(source),
  }
  const request = { method: 'PUT' as const, bucket: bucketName, key: objectName, headers }
  return t.call(request, async (res) => {
    const result = await readResultOrError(res, 'CopyObjectResult', { bucket: bucketName, key: objectName })
    return {
      etag: textOf(result, 'ETag').replace(/"/g, ''),
      lastModified: new Date(textOf(result, 'LastModified')),
    }
  })
}
