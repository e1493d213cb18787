import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleGetBucketVersioning } from './get-bucket-versioning.js'
import { handleListObjectVersions } from './list-object-versions.js'
import { handlePutBucketVersioning } from './put-bucket-versioning.js'

/** Bucket versioning operations (`?versioning`, `?versions`). */
export const VERSIONING_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutBucketVersioning: handlePutBucketVersioning,
  GetBucketVersioning: handleGetBucketVersioning,
  ListObjectVersions: handleListObjectVersions,
}
