/**
 * silo: an isomorphic S3 client (Node and browsers). Explicit named exports only; a test pins the list.
 */
export { AdminClient } from './sdk/admin/admin-client.js'
export type {
  CannedPolicy,
  DriveState,
  DriveStatus,
  HealItemType,
  HealOptions,
  HealResultItem,
  HealSettings,
  HealStartResult,
  HealStatus,
  HealStatusItem,
  HealStatusOptions,
  HealStopOptions,
  HealSummary,
  ServerConfigDocument,
  ServerInfo,
  ServiceActionOptions,
  ServiceRestartResult,
  ServiceStatus,
  UserInfo,
  UserStatus,
} from './sdk/admin/admin-types.js'
export type { NoResultCallback, ResultCallback } from './sdk/callbackify.js'
export { Client } from './sdk/client.js'
export type { ClientOptions } from './sdk/client-options.js'
export { DEFAULT_REGION } from './sdk/constants.js'
export { CredentialProvider } from './sdk/credentials/credential-provider.js'
export { Credentials, type CredentialsInit } from './sdk/credentials/credentials.js'
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
  type NetworkErrorOptions,
  S3Error,
  type S3ErrorDetails,
  TimeoutError,
} from './sdk/errors.js'
export {
  type NotificationEvent,
  ObjectCreatedAll,
  ObjectCreatedCompleteMultipartUpload,
  ObjectCreatedCopy,
  ObjectCreatedPost,
  ObjectCreatedPut,
  ObjectReducedRedundancyLostObject,
  ObjectRemovedAll,
  ObjectRemovedDelete,
  ObjectRemovedDeleteMarkerCreated,
} from './sdk/notification/event-types.js'
export {
  buildARN,
  CloudFunctionConfig,
  type FilterRule,
  NotificationConfig,
  QueueConfig,
  TargetConfig,
  TopicConfig,
} from './sdk/notification/notification-config.js'
export {
  type ListenBackoffOptions,
  NotificationListener,
  type NotificationListenerEvents,
  type NotificationRecord,
} from './sdk/notification/notification-listener.js'
export type {
  NotificationConfigResult,
  NotificationRuleResult,
} from './sdk/notification/notification-result.js'
export type {
  ApplySSEByDefault,
  BucketEncryptionInfo,
  EncryptionConfig,
  EncryptionRule,
} from './sdk/operations/bucket/encryption.js'
export type { BucketItemFromList } from './sdk/operations/bucket/list-buckets.js'
export type { MakeBucketOptions } from './sdk/operations/bucket/make-bucket.js'
export type {
  Extensions,
  ListedItem,
  ListedObject,
  ListIncompleteUploadsQueryResult,
  ListObjectQueryOpts,
  ListObjectsQueryResult,
  ListObjectsV2QueryResult,
} from './sdk/operations/compat/list-queries.js'
export type { PartEtag } from './sdk/operations/compat/multipart.js'
export type {
  RawRequestOptions,
  RawResponse,
  UploadPartConfig,
  UploadPartResult,
} from './sdk/operations/compat/raw-request.js'
export type { TraceStream } from './sdk/operations/compat/trace.js'
export type {
  LifecycleConfig,
  LifecycleRule,
  LifecycleTag,
} from './sdk/operations/lifecycle/bucket-lifecycle.js'
export type { IncompleteUploadedBucketItem } from './sdk/operations/listing/list-incomplete-uploads.js'
export type { ListObjectsOptions } from './sdk/operations/listing/list-objects.js'
export type { ListingStream } from './sdk/operations/listing/listing-stream.js'
export type { BucketItem } from './sdk/operations/listing/parse-objects-page.js'
export {
  LEGAL_HOLD_STATUS,
  type LegalHoldInfo,
  type LegalHoldOptions,
  type ObjectLockConfigOptions,
  type ObjectLockInfo,
  type ObjectRetentionInfo,
  RETENTION_MODES,
  RETENTION_VALIDITY_UNITS,
  type RetentionOptions,
} from './sdk/operations/lock/object-lock.js'
export type { ComposeObjectOptions, ComposeObjectResult } from './sdk/operations/object/compose-object.js'
export { CopyConditions } from './sdk/operations/object/copy-conditions.js'
export type { CopyObjectResult, CopyObjectResultV2 } from './sdk/operations/object/copy-object.js'
export {
  CopyDestinationOptions,
  CopySourceOptions,
  type ICopyDestinationOptions,
  type ICopySourceOptions,
} from './sdk/operations/object/copy-options.js'
export { ENCRYPTION_TYPES, type Encryption } from './sdk/operations/object/encryption.js'
export type { FGetObjectOptions } from './sdk/operations/object/f-get-object.js'
export type { GetObjectOptions } from './sdk/operations/object/get-object.js'
export type { RemoveOptions } from './sdk/operations/object/remove-object.js'
export type { RemoveObjectsEntry, RemoveObjectsError } from './sdk/operations/object/remove-objects.js'
export type { SSECustomerOptions } from './sdk/operations/object/sse-customer-headers.js'
export type { BucketItemStat, StatObjectOptions } from './sdk/operations/object/stat-object.js'
export {
  PostPolicy,
  type PostPolicyCondition,
  type PostPolicyDocument,
} from './sdk/operations/presign/post-policy.js'
export type { PostPolicyResult } from './sdk/operations/presign/post-policy-form.js'
export type { RequestParams, RequestParamValue } from './sdk/operations/presign/request-params.js'
export type {
  ReplicationConfig,
  ReplicationConfigOpts,
  ReplicationRule,
  ReplicationRuleStatus,
} from './sdk/operations/replication/bucket-replication.js'
export type {
  InputSerialization,
  OutputSerialization,
  ScanRange,
  SelectOptions,
  SelectProgress,
} from './sdk/operations/select/select-options.js'
export { SelectResults } from './sdk/operations/select/select-results.js'
export type { Tag, TaggingOpts, Tags } from './sdk/operations/tagging/tagging.js'
export type { BucketVersioningConfiguration } from './sdk/operations/versioning/bucket-versioning.js'
export type { BucketVersionItem } from './sdk/operations/versioning/list-object-versions.js'
export type { BodyStream } from './sdk/platform/types.js'
export type { RequestOptions } from './sdk/request-options/request-options.js'
export type { ItemBucketMetadata } from './sdk/upload/metadata.js'
export type { UploadData } from './sdk/upload/source.js'
export type { TransferProgress, UploadOptions } from './sdk/upload/upload-options.js'
export type { UploadedObjectInfo } from './sdk/upload/uploaded-object-info.js'
export type { S3ErrorCode } from './shared/errors/catalogue.js'
