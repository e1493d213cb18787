import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleGetBucketAcl, handlePutBucketAcl } from './bucket-acl.js'
import { handleGetObjectAcl, handlePutObjectAcl } from './object-acl.js'

/** ACL operations (`?acl` on buckets and objects): the owner's full control only. */
export const ACL_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  GetBucketAcl: handleGetBucketAcl,
  PutBucketAcl: handlePutBucketAcl,
  GetObjectAcl: handleGetObjectAcl,
  PutObjectAcl: handlePutObjectAcl,
}
