import type { Handler } from '../context.js'
import type { S3Operation } from '../router/route-table.js'
import { handleCreateBucket } from './buckets/create-bucket.js'
import { handleDeleteBucket } from './buckets/delete-bucket.js'
import { handleGetBucketLocation } from './buckets/get-bucket-location.js'
import { handleHeadBucket } from './buckets/head-bucket.js'
import { handleListBuckets } from './buckets/list-buckets.js'
import { handleDeleteObject } from './objects/delete-object.js'
import { handleGetObject } from './objects/get-object.js'
import { handleHeadObject } from './objects/head-object.js'
import { handlePutObject } from './objects/put-object.js'

/** The implemented operations; every other routed operation answers NotImplemented. */
export const HANDLERS: Partial<Record<S3Operation, Handler>> = {
  ListBuckets: handleListBuckets,
  CreateBucket: handleCreateBucket,
  HeadBucket: handleHeadBucket,
  DeleteBucket: handleDeleteBucket,
  GetBucketLocation: handleGetBucketLocation,
  PutObject: handlePutObject,
  GetObject: handleGetObject,
  HeadObject: handleHeadObject,
  DeleteObject: handleDeleteObject,
}
