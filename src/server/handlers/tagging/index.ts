import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import {
  handleDeleteBucketTagging,
  handleGetBucketTagging,
  handlePutBucketTagging,
} from './bucket-tagging.js'
import {
  handleDeleteObjectTagging,
  handleGetObjectTagging,
  handlePutObjectTagging,
} from './object-tagging.js'

/** Object and bucket tags (`?tagging`). */
export const TAGGING_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  GetObjectTagging: handleGetObjectTagging,
  PutObjectTagging: handlePutObjectTagging,
  DeleteObjectTagging: handleDeleteObjectTagging,
  GetBucketTagging: handleGetBucketTagging,
  PutBucketTagging: handlePutBucketTagging,
  DeleteBucketTagging: handleDeleteBucketTagging,
}
