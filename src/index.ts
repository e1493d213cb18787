/**
 * silo: an isomorphic S3 client (Node and browsers). Explicit named exports only; a test pins the list.
 */
export type { NoResultCallback, ResultCallback } from './sdk/callbackify.js'
export { Client } from './sdk/client.js'
export type { ClientOptions } from './sdk/client-options.js'
export { DEFAULT_REGION } from './sdk/constants.js'
export {
  AnonymousRequestError,
  ExpiresParamError,
  InvalidArgumentError,
  InvalidBucketNameError,
  InvalidEndpointError,
  InvalidObjectNameError,
  InvalidPrefixError,
  InvalidXMLError,
  NetworkError,
  S3Error,
  type S3ErrorDetails,
  TimeoutError,
} from './sdk/errors.js'
export type { BucketItemFromList } from './sdk/operations/bucket/list-buckets.js'
export type { MakeBucketOptions } from './sdk/operations/bucket/make-bucket.js'
export type { GetObjectOptions } from './sdk/operations/object/get-object.js'
export type { UploadedObjectInfo } from './sdk/operations/object/put-object.js'
export type { RemoveOptions } from './sdk/operations/object/remove-object.js'
export type { BucketItemStat, StatObjectOptions } from './sdk/operations/object/stat-object.js'
export type { ItemBucketMetadata } from './sdk/operations/object/upload/metadata.js'
export type { UploadData } from './sdk/operations/object/upload/source.js'
export type { BodyStream } from './sdk/platform/types.js'
export type { S3ErrorCode } from './shared/errors/catalogue.js'
