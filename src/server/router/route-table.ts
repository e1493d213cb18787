/**
 * Every S3 operation the router recognises, as a table: HTTP method, addressing level, the
 * condition that selects it, the operation name as the S3 API reference spells it, and the
 * IAM action it needs. Within one method and level, the first row whose condition holds wins,
 * so rows with more specific conditions come first.
 *
 * Condition grammar: '' (always), `name` (query parameter present), `name=value` (query
 * parameter equals), `@header` (request header present); several joined with '&'.
 */
export const ROUTE_TABLE = [
  ['GET', 'service', '', 'ListBuckets', 's3:ListAllMyBuckets'],

  ['GET', 'bucket', 'location', 'GetBucketLocation', 's3:GetBucketLocation'],
  ['GET', 'bucket', 'policy', 'GetBucketPolicy', 's3:GetBucketPolicy'],
  ['GET', 'bucket', 'notification', 'GetBucketNotificationConfiguration', 's3:GetBucketNotification'],
  ['GET', 'bucket', 'events', 'ListenBucketNotification', 's3:ListenBucketNotification'],
  ['GET', 'bucket', 'versioning', 'GetBucketVersioning', 's3:GetBucketVersioning'],
  ['GET', 'bucket', 'acl', 'GetBucketAcl', 's3:GetBucketAcl'],
  ['GET', 'bucket', 'cors', 'GetBucketCors', 's3:GetBucketCORS'],
  ['GET', 'bucket', 'lifecycle', 'GetBucketLifecycleConfiguration', 's3:GetLifecycleConfiguration'],
  ['GET', 'bucket', 'tagging', 'GetBucketTagging', 's3:GetBucketTagging'],
  ['GET', 'bucket', 'encryption', 'GetBucketEncryption', 's3:GetEncryptionConfiguration'],
  ['GET', 'bucket', 'object-lock', 'GetObjectLockConfiguration', 's3:GetBucketObjectLockConfiguration'],
  ['GET', 'bucket', 'website', 'GetBucketWebsite', 's3:GetBucketWebsite'],
  ['GET', 'bucket', 'replication', 'GetBucketReplication', 's3:GetReplicationConfiguration'],
  ['GET', 'bucket', 'uploads', 'ListMultipartUploads', 's3:ListBucketMultipartUploads'],
  ['GET', 'bucket', 'versions', 'ListObjectVersions', 's3:ListBucketVersions'],
  ['GET', 'bucket', 'list-type=2', 'ListObjectsV2', 's3:ListBucket'],
  ['GET', 'bucket', '', 'ListObjects', 's3:ListBucket'],
  ['HEAD', 'bucket', '', 'HeadBucket', 's3:ListBucket'],
  ['PUT', 'bucket', 'policy', 'PutBucketPolicy', 's3:PutBucketPolicy'],
  ['PUT', 'bucket', 'notification', 'PutBucketNotificationConfiguration', 's3:PutBucketNotification'],
  ['PUT', 'bucket', 'versioning', 'PutBucketVersioning', 's3:PutBucketVersioning'],
  ['PUT', 'bucket', 'acl', 'PutBucketAcl', 's3:PutBucketAcl'],
  ['PUT', 'bucket', 'cors', 'PutBucketCors', 's3:PutBucketCORS'],
  ['PUT', 'bucket', 'lifecycle', 'PutBucketLifecycleConfiguration', 's3:PutLifecycleConfiguration'],
  ['PUT', 'bucket', 'tagging', 'PutBucketTagging', 's3:PutBucketTagging'],
  ['PUT', 'bucket', 'encryption', 'PutBucketEncryption', 's3:PutEncryptionConfiguration'],
  ['PUT', 'bucket', 'object-lock', 'PutObjectLockConfiguration', 's3:PutBucketObjectLockConfiguration'],
  ['PUT', 'bucket', '', 'CreateBucket', 's3:CreateBucket'],
  ['DELETE', 'bucket', 'policy', 'DeleteBucketPolicy', 's3:DeleteBucketPolicy'],
  ['DELETE', 'bucket', 'cors', 'DeleteBucketCors', 's3:PutBucketCORS'],
  ['DELETE', 'bucket', 'lifecycle', 'DeleteBucketLifecycle', 's3:PutLifecycleConfiguration'],
  ['DELETE', 'bucket', 'tagging', 'DeleteBucketTagging', 's3:PutBucketTagging'],
  ['DELETE', 'bucket', 'encryption', 'DeleteBucketEncryption', 's3:PutEncryptionConfiguration'],
  ['DELETE', 'bucket', '', 'DeleteBucket', 's3:DeleteBucket'],
  ['POST', 'bucket', 'delete', 'DeleteObjects', 's3:DeleteObject'],
  ['POST', 'bucket', '', 'PostObject', 's3:PutObject'],

  ['GET', 'object', 'uploadId', 'ListParts', 's3:ListMultipartUploadParts'],
  ['GET', 'object', 'acl', 'GetObjectAcl', 's3:GetObjectAcl'],
  ['GET', 'object', 'tagging', 'GetObjectTagging', 's3:GetObjectTagging'],
  ['GET', 'object', 'retention', 'GetObjectRetention', 's3:GetObjectRetention'],
  ['GET', 'object', 'legal-hold', 'GetObjectLegalHold', 's3:GetObjectLegalHold'],
  ['GET', 'object', 'attributes', 'GetObjectAttributes', 's3:GetObjectAttributes'],
  ['GET', 'object', '', 'GetObject', 's3:GetObject'],
  ['HEAD', 'object', '', 'HeadObject', 's3:GetObject'],
  ['PUT', 'object', 'partNumber&uploadId&@x-amz-copy-source', 'UploadPartCopy', 's3:PutObject'],
  ['PUT', 'object', 'partNumber&uploadId', 'UploadPart', 's3:PutObject'],
  ['PUT', 'object', 'acl', 'PutObjectAcl', 's3:PutObjectAcl'],
  ['PUT', 'object', 'tagging', 'PutObjectTagging', 's3:PutObjectTagging'],
  ['PUT', 'object', 'retention', 'PutObjectRetention', 's3:PutObjectRetention'],
  ['PUT', 'object', 'legal-hold', 'PutObjectLegalHold', 's3:PutObjectLegalHold'],
  ['PUT', 'object', '@x-amz-copy-source', 'CopyObject', 's3:PutObject'],
  ['PUT', 'object', '', 'PutObject', 's3:PutObject'],
  ['POST', 'object', 'uploads', 'CreateMultipartUpload', 's3:PutObject'],
  ['POST', 'object', 'uploadId', 'CompleteMultipartUpload', 's3:PutObject'],
  ['POST', 'object', 'restore', 'RestoreObject', 's3:RestoreObject'],
  ['POST', 'object', 'select&select-type=2', 'SelectObjectContent', 's3:GetObject'],
  ['DELETE', 'object', 'uploadId', 'AbortMultipartUpload', 's3:AbortMultipartUpload'],
  ['DELETE', 'object', 'tagging', 'DeleteObjectTagging', 's3:DeleteObjectTagging'],
  ['DELETE', 'object', '', 'DeleteObject', 's3:DeleteObject'],
] as const

/** Which part of the namespace a request addresses. */
export type RouteLevel = 'service' | 'bucket' | 'object'

/** An S3 operation name, as the S3 API reference spells it. */
export type S3Operation = (typeof ROUTE_TABLE)[number][3]

/** An IAM action name (`s3:*`). */
export type S3Action = (typeof ROUTE_TABLE)[number][4]
