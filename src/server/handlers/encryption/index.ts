import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleDeleteBucketEncryption } from './delete-bucket-encryption.js'
import { handleGetBucketEncryption } from './get-bucket-encryption.js'
import { handlePutBucketEncryption } from './put-bucket-encryption.js'

/** Bucket default encryption operations (`?encryption`). */
export const ENCRYPTION_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutBucketEncryption: handlePutBucketEncryption,
  GetBucketEncryption: handleGetBucketEncryption,
  DeleteBucketEncryption: handleDeleteBucketEncryption,
}
