import type { S3Operation } from '../../shared/policy/operations.js'
import type { Handler } from '../context.js'
import { withCannedAclCheck } from './acl/check-acl-headers.js'
import { ACL_HANDLERS } from './acl/index.js'
import { BUCKET_HANDLERS } from './buckets/index.js'
import { CORS_HANDLERS } from './cors/index.js'
import { ENCRYPTION_HANDLERS } from './encryption/index.js'
import { LIFECYCLE_HANDLERS } from './lifecycle/index.js'
import { LISTING_HANDLERS } from './listing/index.js'
import { MULTIPART_HANDLERS } from './multipart/index.js'
import { NOTIFICATION_HANDLERS } from './notification/index.js'
import { OBJECT_LOCK_HANDLERS } from './object-lock/index.js'
import { OBJECT_HANDLERS } from './objects/index.js'
import { POLICY_HANDLERS } from './policy/index.js'
import { POST_OBJECT_HANDLERS } from './post-object/index.js'
import { REPLICATION_HANDLERS } from './replication/index.js'
import { SELECT_HANDLERS } from './select/index.js'
import { TAGGING_HANDLERS } from './tagging/index.js'
import { VERSIONING_HANDLERS } from './versioning/index.js'

/**
 * The implemented operations, one map per area (each area's folder has an index.ts); every
 * other routed operation answers NotImplemented. The writes that take a canned ACL check it
 * first (`withCannedAclCheck`).
 */
export const HANDLERS: Partial<Record<S3Operation, Handler>> = withCannedAclCheck({
  ...ACL_HANDLERS,
  ...BUCKET_HANDLERS,
  ...CORS_HANDLERS,
  ...ENCRYPTION_HANDLERS,
  ...OBJECT_HANDLERS,
  ...LIFECYCLE_HANDLERS,
  ...LISTING_HANDLERS,
  ...MULTIPART_HANDLERS,
  ...NOTIFICATION_HANDLERS,
  ...OBJECT_LOCK_HANDLERS,
  ...POLICY_HANDLERS,
  ...POST_OBJECT_HANDLERS,
  ...REPLICATION_HANDLERS,
  ...SELECT_HANDLERS,
  ...TAGGING_HANDLERS,
  ...VERSIONING_HANDLERS,
})
