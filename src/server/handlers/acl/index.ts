import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleGetBucketAcl, handlePutBucketAcl } from './bucket-acl.js'
import { handleGetObjectAcl, handlePutObjectAcl } from './object-acl.js'
import {
  handleDeleteBucketOwnershipControls,
  handleGetBucketOwnershipControls,
  handlePutBucketOwnershipControls,
} from './ownership-controls.js'
import { handleGetBucketPolicyStatus } from './policy-status.js'
import {
  handleDeletePublicAccessBlock,
  handleGetPublicAccessBlock,
  handlePutPublicAccessBlock,
} from './public-access-block.js'

/**
 * ACLs as S3 has them today (object ownership BucketOwnerEnforced): `?acl` on buckets and
 * objects (the owner's full control only), `?ownershipControls`, `?publicAccessBlock` and
 * `?policyStatus`.
 */
export const ACL_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  GetBucketAcl: handleGetBucketAcl,
  PutBucketAcl: handlePutBucketAcl,
  GetObjectAcl: handleGetObjectAcl,
  PutObjectAcl: handlePutObjectAcl,
  GetBucketOwnershipControls: handleGetBucketOwnershipControls,
  PutBucketOwnershipControls: handlePutBucketOwnershipControls,
  DeleteBucketOwnershipControls: handleDeleteBucketOwnershipControls,
  GetPublicAccessBlock: handleGetPublicAccessBlock,
  PutPublicAccessBlock: handlePutPublicAccessBlock,
  DeletePublicAccessBlock: handleDeletePublicAccessBlock,
  GetBucketPolicyStatus: handleGetBucketPolicyStatus,
}
