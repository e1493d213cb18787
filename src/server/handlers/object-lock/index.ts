import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleGetObjectLegalHold, handlePutObjectLegalHold } from './object-legal-hold.js'
import {
  handleGetObjectLockConfiguration,
  handlePutObjectLockConfiguration,
} from './object-lock-configuration.js'
import { handleGetObjectRetention, handlePutObjectRetention } from './object-retention.js'

/** Object lock: the bucket's configuration (`?object-lock`), retention and legal hold per version. */
export const OBJECT_LOCK_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  GetObjectLockConfiguration: handleGetObjectLockConfiguration,
  PutObjectLockConfiguration: handlePutObjectLockConfiguration,
  GetObjectRetention: handleGetObjectRetention,
  PutObjectRetention: handlePutObjectRetention,
  GetObjectLegalHold: handleGetObjectLegalHold,
  PutObjectLegalHold: handlePutObjectLegalHold,
}
