import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleListObjects } from './list-objects.js'
import { handleListObjectsV2 } from './list-objects-v2.js'

/** Bucket listings (ListMultipartUploads lives with multipart). */
export const LISTING_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  ListObjects: handleListObjects,
  ListObjectsV2: handleListObjectsV2,
}
