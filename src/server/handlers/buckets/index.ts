import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleCreateBucket } from './create-bucket.js'
import { handleDeleteBucket } from './delete-bucket.js'
import { handleGetBucketLocation } from './get-bucket-location.js'
import { handleHeadBucket } from './head-bucket.js'
import { handleListBuckets } from './list-buckets.js'

/** Bucket-level operations. */
export const BUCKET_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  ListBuckets: handleListBuckets,
  CreateBucket: handleCreateBucket,
  HeadBucket: handleHeadBucket,
  DeleteBucket: handleDeleteBucket,
  GetBucketLocation: handleGetBucketLocation,
}
