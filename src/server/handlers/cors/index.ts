import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleDeleteBucketCors } from './delete-bucket-cors.js'
import { handleGetBucketCors } from './get-bucket-cors.js'
import { handlePutBucketCors } from './put-bucket-cors.js'

/** Bucket CORS configuration operations (`?cors`). */
export const CORS_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutBucketCors: handlePutBucketCors,
  GetBucketCors: handleGetBucketCors,
  DeleteBucketCors: handleDeleteBucketCors,
}
