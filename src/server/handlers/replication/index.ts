import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleDeleteBucketReplication } from './delete-bucket-replication.js'
import { handleGetBucketReplication } from './get-bucket-replication.js'
import { handlePutBucketReplication } from './put-bucket-replication.js'

/** Bucket replication configuration operations (`?replication`): stored and returned, not performed. */
export const REPLICATION_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutBucketReplication: handlePutBucketReplication,
  GetBucketReplication: handleGetBucketReplication,
  DeleteBucketReplication: handleDeleteBucketReplication,
}
