import type { IncomingHttpHeaders } from 'node:http'
import { parseCopySource } from '../../auth/copy-source.js'
import type { ServerContext } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import type { S3Route } from '../../router/route-request.js'
import { readBucketOwnerId } from './bucket-owner-id.js'

const COPY_OPERATIONS: ReadonlySet<string> = new Set(['CopyObject', 'UploadPartCopy'])

/**
 * S3's `x-amz-expected-bucket-owner` (and, for copies, `x-amz-source-expected-bucket-owner`):
 * when the caller names who must own the bucket and someone else does, the request is 403
 * AccessDenied before anything is read or written. Ignoring the header would let a request meant
 * for one owner's bucket act on another's. The owner is read only when the header is sent; a
 * missing bucket is left to the handler (NoSuchBucket).
 *
 * @example await checkExpectedBucketOwner(ctx, route, req.headers)
 */
export async function checkExpectedBucketOwner(
  ctx: ServerContext,
  route: S3Route,
  headers: IncomingHttpHeaders,
): Promise<void> {
  const expected = headers['x-amz-expected-bucket-owner']
  if (typeof expected === 'string' && route.bucket !== '' && route.operation !== 'CreateBucket') {
    await requireOwner(ctx, route.bucket, expected)
  }
  const source = headers['x-amz-source-expected-bucket-owner']
  if (typeof source === 'string' && COPY_OPERATIONS.has(route.operation)) {
    await requireOwner(ctx, parseCopySource(headers['x-amz-copy-source']).bucket, source)
  }
}

async function requireOwner(ctx: ServerContext, bucket: string, expected: string): Promise<void> {
  let owner: string
  try {
    owner = await readBucketOwnerId(ctx, bucket)
  } catch (error) {
    if ((error as { code?: string }).code === 'NoSuchBucket') return
    throw error
  }
  if (owner !== expected.trim()) throw new S3ServerError('AccessDenied', 'Access Denied')
}
