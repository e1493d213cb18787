/**
 * presignedUrl / presignedGetObject / presignedPutObject: argument checks, the region, then the
 * presigner. With a configured region nothing touches the network; otherwise the bucket's region
 * is looked up once and cached (the same cache every other call uses).
 */
import { AnonymousRequestError, InvalidArgumentError } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName, assertObjectName } from '../../validate.js'
import { resolveExpiry } from './expiry.js'
import type { Presigner } from './presigner.js'
import { toQueryPairs } from './request-params.js'

/** What `presignedUrl` is given, before checks. */
export interface PresignedUrlArgs {
  method: unknown
  bucket: unknown
  object: unknown
  expiry: unknown
  reqParams: unknown
  requestDate: unknown
}

const METHOD = /^[A-Z]+$/

/**
 * Validates the arguments and signs the URL.
 * @example
 * const url = await presignedUrl(transport, presigner, { method: 'GET', bucket: 'photos',
 *   object: 'a.jpg', expiry: 3600, reqParams: undefined, requestDate: undefined })
 */
export async function presignedUrl(
  transport: Transport,
  presigner: Presigner,
  args: PresignedUrlArgs,
): Promise<string> {
  if (transport.options.anonymous) {
    throw new AnonymousRequestError('Presigned URLs need credentials: configure accessKey and secretKey')
  }
  if (typeof args.method !== 'string' || !METHOD.test(args.method)) {
    throw new InvalidArgumentError(`Invalid httpMethod ${String(args.method)}: must be e.g. 'GET' or 'PUT'`)
  }
  assertBucketName(args.bucket)
  // '' (or undefined) signs a bucket-level URL, e.g. a listing with { prefix, 'max-keys' }.
  const key = args.object === undefined || args.object === '' ? undefined : args.object
  if (key !== undefined) assertObjectName(key)
  const expires = resolveExpiry(args.expiry)
  const query = toQueryPairs(args.reqParams, 'reqParams')
  const date = resolveDate(args.requestDate)
  const pending = transport.regionFor({ method: 'GET', bucket: args.bucket })
  const region = typeof pending === 'string' ? pending : await pending
  return presigner.presign({ method: args.method, bucket: args.bucket, key, query, region, expires, date })
}

function resolveDate(requestDate: unknown): Date {
  if (requestDate === undefined || requestDate === null) return new Date()
  if (!(requestDate instanceof Date) || Number.isNaN(requestDate.getTime())) {
    throw new TypeError(`requestDate must be a valid Date, got ${String(requestDate)}`)
  }
  return requestDate
}
