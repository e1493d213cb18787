import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleDeleteBucketPolicy } from './delete-bucket-policy.js'
import { handleGetBucketPolicy } from './get-bucket-policy.js'
import { handlePutBucketPolicy } from './put-bucket-policy.js'

/** Bucket policy operations (`?policy`). */
export const POLICY_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutBucketPolicy: handlePutBucketPolicy,
  GetBucketPolicy: handleGetBucketPolicy,
  DeleteBucketPolicy: handleDeleteBucketPolicy,
}
