import { S3ServerError } from '../../errors.js'
import type { Drive } from './drive.js'
import { encodeObjectKey } from './key-codec.js'
import type { StoredBucket, StoredObject } from './records.js'

/** The stored bucket, or NoSuchBucket. */
export function requireBucket(drive: Drive, bucket: string): StoredBucket {
  const stored = drive.meta.buckets.get(bucket)
  if (!stored) throw noSuchBucket(bucket)
  return stored
}

/** The stored object, or NoSuchKey (NoSuchBucket when the bucket itself is missing). */
export function requireObject(drive: Drive, bucket: string, key: string): StoredObject {
  const stored = drive.meta.objects.get(encodeObjectKey(bucket, key))
  if (stored) return stored
  requireBucket(drive, bucket)
  throw new S3ServerError('NoSuchKey', undefined, { Key: key })
}

/** NoSuchBucket naming `bucket`. */
export function noSuchBucket(bucket: string): S3ServerError {
  return new S3ServerError('NoSuchBucket', undefined, { BucketName: bucket })
}
