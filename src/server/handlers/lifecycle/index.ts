import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleDeleteBucketLifecycle } from './delete-bucket-lifecycle.js'
import { handleGetBucketLifecycle } from './get-bucket-lifecycle.js'
import { handlePutBucketLifecycle } from './put-bucket-lifecycle.js'

/** Bucket lifecycle configuration operations (`?lifecycle`, issue 14). */
export const LIFECYCLE_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutBucketLifecycleConfiguration: handlePutBucketLifecycle,
  GetBucketLifecycleConfiguration: handleGetBucketLifecycle,
  DeleteBucketLifecycle: handleDeleteBucketLifecycle,
}
