import type { S3Operation } from '../../shared/policy/operations.js'

/** Which part of the namespace a request addresses. */
export type RouteLevel = 'service' | 'bucket' | 'object'

/** One row: HTTP method, addressing level, the condition that selects it, the operation. */
export type RouteRow = readonly [
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE',
  level: RouteLevel,
  condition: string,
  operation: S3Operation,
]

/**
 * Every S3 operation the router recognises, as a table: HTTP method, addressing level, the
 * condition that selects it, and the operation name as the S3 API reference spells it. What
 * the operation needs is not here: `OPERATION_ACTIONS` (`src/shared/policy/operations.ts`) is
 * the one permission table, keyed by the same names. Within one method and level, the first
 * row whose condition holds wins, so rows with more specific conditions come first.
 *
 * Condition grammar: '' (always), `name` (query parameter present), `name=value` (query
 * parameter equals), `@header` (request header present); several joined with '&'.
 */
export const ROUTE_TABLE: readonly RouteRow[] = [
  ['GET', 'service', '', 'ListBuckets'],

  ['GET', 'bucket', 'location', 'GetBucketLocation'],
  ['GET', 'bucket', 'policy', 'GetBucketPolicy'],
  ['GET', 'bucket', 'notification', 'GetBucketNotificationConfiguration'],
  ['GET', 'bucket', 'events', 'ListenBucketNotification'],
  ['GET', 'bucket', 'versioning', 'GetBucketVersioning'],
  ['GET', 'bucket', 'acl', 'GetBucketAcl'],
  ['GET', 'bucket', 'cors', 'GetBucketCors'],
  ['GET', 'bucket', 'lifecycle', 'GetBucketLifecycleConfiguration'],
  ['GET', 'bucket', 'tagging', 'GetBucketTagging'],
  ['GET', 'bucket', 'encryption', 'GetBucketEncryption'],
  ['GET', 'bucket', 'object-lock', 'GetObjectLockConfiguration'],
  ['GET', 'bucket', 'website', 'GetBucketWebsite'],
  ['GET', 'bucket', 'replication', 'GetBucketReplication'],
  ['GET', 'bucket', 'uploads', 'ListMultipartUploads'],
  ['GET', 'bucket', 'versions', 'ListObjectVersions'],
  ['GET', 'bucket', 'list-type=2', 'ListObjectsV2'],
  ['GET', 'bucket', '', 'ListObjects'],
  ['HEAD', 'bucket', '', 'HeadBucket'],
  ['PUT', 'bucket', 'policy', 'PutBucketPolicy'],
  ['PUT', 'bucket', 'notification', 'PutBucketNotificationConfiguration'],
  ['PUT', 'bucket', 'versioning', 'PutBucketVersioning'],
  ['PUT', 'bucket', 'acl', 'PutBucketAcl'],
  ['PUT', 'bucket', 'cors', 'PutBucketCors'],
  ['PUT', 'bucket', 'lifecycle', 'PutBucketLifecycleConfiguration'],
  ['PUT', 'bucket', 'tagging', 'PutBucketTagging'],
  ['PUT', 'bucket', 'encryption', 'PutBucketEncryption'],
  ['PUT', 'bucket', 'object-lock', 'PutObjectLockConfiguration'],
  ['PUT', 'bucket', '', 'CreateBucket'],
  ['DELETE', 'bucket', 'policy', 'DeleteBucketPolicy'],
  ['DELETE', 'bucket', 'cors', 'DeleteBucketCors'],
  ['DELETE', 'bucket', 'lifecycle', 'DeleteBucketLifecycle'],
  ['DELETE', 'bucket', 'tagging', 'DeleteBucketTagging'],
  ['DELETE', 'bucket', 'encryption', 'DeleteBucketEncryption'],
  ['DELETE', 'bucket', '', 'DeleteBucket'],
  ['POST', 'bucket', 'delete', 'DeleteObjects'],
  ['POST', 'bucket', '', 'PostObject'],

  ['GET', 'object', 'uploadId', 'ListParts'],
  ['GET', 'object', 'acl', 'GetObjectAcl'],
  ['GET', 'object', 'tagging', 'GetObjectTagging'],
  ['GET', 'object', 'retention', 'GetObjectRetention'],
  ['GET', 'object', 'legal-hold', 'GetObjectLegalHold'],
  ['GET', 'object', 'attributes', 'GetObjectAttributes'],
  ['GET', 'object', '', 'GetObject'],
  ['HEAD', 'object', '', 'HeadObject'],
  ['PUT', 'object', 'partNumber&uploadId&@x-amz-copy-source', 'UploadPartCopy'],
  ['PUT', 'object', 'partNumber&uploadId', 'UploadPart'],
  ['PUT', 'object', 'acl', 'PutObjectAcl'],
  ['PUT', 'object', 'tagging', 'PutObjectTagging'],
  ['PUT', 'object', 'retention', 'PutObjectRetention'],
  ['PUT', 'object', 'legal-hold', 'PutObjectLegalHold'],
  ['PUT', 'object', '@x-amz-copy-source', 'CopyObject'],
  ['PUT', 'object', '', 'PutObject'],
  ['POST', 'object', 'uploads', 'CreateMultipartUpload'],
  ['POST', 'object', 'uploadId', 'CompleteMultipartUpload'],
  ['POST', 'object', 'restore', 'RestoreObject'],
  ['POST', 'object', 'select&select-type=2', 'SelectObjectContent'],
  ['DELETE', 'object', 'uploadId', 'AbortMultipartUpload'],
  ['DELETE', 'object', 'tagging', 'DeleteObjectTagging'],
  ['DELETE', 'object', '', 'DeleteObject'],
]
