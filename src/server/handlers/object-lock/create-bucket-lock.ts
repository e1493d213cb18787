import type { IncomingHttpHeaders } from 'node:http'
import { S3ServerError } from '../../errors.js'
import { writeObjectLockConfiguration } from '../../object-lock/lock-configuration.js'
import type { ObjectLayer } from '../../storage/object-layer.js'
import { writeBucketVersioning } from '../versioning/bucket-versioning.js'

const HEADER = 'x-amz-bucket-object-lock-enabled'

/**
 * CreateBucket's `x-amz-bucket-object-lock-enabled`: true or false (any case); absent is false.
 * Anything else is 400 InvalidArgument, checked before the bucket is created: a lock asked for
 * is never silently dropped.
 *
 * @example readObjectLockEnabledHeader({ 'x-amz-bucket-object-lock-enabled': 'true' }) // true
 */
export function readObjectLockEnabledHeader(headers: IncomingHttpHeaders): boolean {
  const value = headers[HEADER]
  if (value === undefined) return false
  const text = String(value).trim().toLowerCase()
  if (text === 'true') return true
  if (text === 'false') return false
  throw new S3ServerError('InvalidArgument', `${HEADER} must be true or false.`, {
    ArgumentName: HEADER,
    ArgumentValue: String(value).slice(0, 64),
  })
}

/**
 * Makes a just-created bucket lock-enabled, as S3 does for the header: versioning Enabled first
 * (so no write between the two steps is unversioned), then object lock without a default
 * retention.
 *
 * @example await enableObjectLockAtCreation(ctx.storage, route.bucket)
 */
export async function enableObjectLockAtCreation(storage: ObjectLayer, bucket: string): Promise<void> {
  await writeBucketVersioning(storage, bucket, 'Enabled')
  await writeObjectLockConfiguration(storage, bucket, { enabled: true })
}
