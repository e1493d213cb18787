import type { S3Action } from './actions.js'

/**
 * One permission an operation needs. `on: 'request'` checks the bucket and key the request
 * names; `on: 'copy-source'` checks the bucket and key in `x-amz-copy-source`.
 */
export interface RequiredAction {
  readonly action: S3Action
  readonly on: 'request' | 'copy-source'
}

const request = (action: S3Action): RequiredAction => Object.freeze({ action, on: 'request' as const })
const source = (action: S3Action): RequiredAction => Object.freeze({ action, on: 'copy-source' as const })
const one = (action: S3Action): readonly RequiredAction[] => Object.freeze([request(action)])
const copy = Object.freeze([request('s3:PutObject'), source('s3:GetObject')])

/**
 * The one table of S3 operations and the permissions each needs: the operation names are the
 * router's (`src/server/router/route-table.ts` routes every one of them, a test checks both
 * ways), as the S3 API reference spells them. HeadBucket needs `s3:ListBucket` as on AWS;
 * every multipart write step needs `s3:PutObject`; DeleteObjects needs `s3:DeleteObject` on
 * each key it deletes; the Delete* forms of sub-resources need the Put* action, as on AWS.
 */
export const OPERATION_ACTIONS = {
  ListBuckets: one('s3:ListAllMyBuckets'),
  CreateBucket: one('s3:CreateBucket'),
  HeadBucket: one('s3:ListBucket'),
  DeleteBucket: one('s3:DeleteBucket'),
  GetBucketLocation: one('s3:GetBucketLocation'),
  ListObjects: one('s3:ListBucket'),
  ListObjectsV2: one('s3:ListBucket'),
  ListObjectVersions: one('s3:ListBucketVersions'),
  ListMultipartUploads: one('s3:ListBucketMultipartUploads'),
  GetBucketPolicy: one('s3:GetBucketPolicy'),
  PutBucketPolicy: one('s3:PutBucketPolicy'),
  DeleteBucketPolicy: one('s3:DeleteBucketPolicy'),
  GetBucketNotificationConfiguration: one('s3:GetBucketNotification'),
  PutBucketNotificationConfiguration: one('s3:PutBucketNotification'),
  ListenBucketNotification: one('s3:ListenBucketNotification'),
  GetBucketAcl: one('s3:GetBucketAcl'),
  PutBucketAcl: one('s3:PutBucketAcl'),
  GetBucketCors: one('s3:GetBucketCORS'),
  PutBucketCors: one('s3:PutBucketCORS'),
  DeleteBucketCors: one('s3:PutBucketCORS'),
  GetBucketVersioning: one('s3:GetBucketVersioning'),
  PutBucketVersioning: one('s3:PutBucketVersioning'),
  GetBucketTagging: one('s3:GetBucketTagging'),
  PutBucketTagging: one('s3:PutBucketTagging'),
  DeleteBucketTagging: one('s3:PutBucketTagging'),
  GetBucketLifecycleConfiguration: one('s3:GetLifecycleConfiguration'),
  PutBucketLifecycleConfiguration: one('s3:PutLifecycleConfiguration'),
  DeleteBucketLifecycle: one('s3:PutLifecycleConfiguration'),
  GetBucketEncryption: one('s3:GetEncryptionConfiguration'),
  PutBucketEncryption: one('s3:PutEncryptionConfiguration'),
  DeleteBucketEncryption: one('s3:PutEncryptionConfiguration'),
  GetObjectLockConfiguration: one('s3:GetBucketObjectLockConfiguration'),
  PutObjectLockConfiguration: one('s3:PutBucketObjectLockConfiguration'),
  GetBucketWebsite: one('s3:GetBucketWebsite'),
  GetBucketReplication: one('s3:GetReplicationConfiguration'),
  GetBucketAccelerateConfiguration: one('s3:GetAccelerateConfiguration'),
  PutBucketAccelerateConfiguration: one('s3:PutAccelerateConfiguration'),
  GetBucketAnalyticsConfiguration: one('s3:GetAnalyticsConfiguration'),
  ListBucketAnalyticsConfigurations: one('s3:GetAnalyticsConfiguration'),
  PutBucketAnalyticsConfiguration: one('s3:PutAnalyticsConfiguration'),
  DeleteBucketAnalyticsConfiguration: one('s3:PutAnalyticsConfiguration'),
  GetBucketIntelligentTieringConfiguration: one('s3:GetIntelligentTieringConfiguration'),
  ListBucketIntelligentTieringConfigurations: one('s3:GetIntelligentTieringConfiguration'),
  PutBucketIntelligentTieringConfiguration: one('s3:PutIntelligentTieringConfiguration'),
  DeleteBucketIntelligentTieringConfiguration: one('s3:PutIntelligentTieringConfiguration'),
  GetBucketInventoryConfiguration: one('s3:GetInventoryConfiguration'),
  ListBucketInventoryConfigurations: one('s3:GetInventoryConfiguration'),
  PutBucketInventoryConfiguration: one('s3:PutInventoryConfiguration'),
  DeleteBucketInventoryConfiguration: one('s3:PutInventoryConfiguration'),
  GetBucketMetricsConfiguration: one('s3:GetMetricsConfiguration'),
  ListBucketMetricsConfigurations: one('s3:GetMetricsConfiguration'),
  PutBucketMetricsConfiguration: one('s3:PutMetricsConfiguration'),
  DeleteBucketMetricsConfiguration: one('s3:PutMetricsConfiguration'),
  GetBucketLogging: one('s3:GetBucketLogging'),
  PutBucketLogging: one('s3:PutBucketLogging'),
  CreateBucketMetadataTableConfiguration: one('s3:CreateBucketMetadataTableConfiguration'),
  GetBucketMetadataTableConfiguration: one('s3:GetBucketMetadataTableConfiguration'),
  DeleteBucketMetadataTableConfiguration: one('s3:DeleteBucketMetadataTableConfiguration'),
  CreateBucketMetadataConfiguration: one('s3:CreateBucketMetadataTableConfiguration'),
  GetBucketMetadataConfiguration: one('s3:GetBucketMetadataTableConfiguration'),
  DeleteBucketMetadataConfiguration: one('s3:DeleteBucketMetadataTableConfiguration'),
  UpdateBucketMetadataInventoryTableConfiguration: one('s3:UpdateBucketMetadataInventoryTableConfiguration'),
  UpdateBucketMetadataJournalTableConfiguration: one('s3:UpdateBucketMetadataJournalTableConfiguration'),
  GetBucketOwnershipControls: one('s3:GetBucketOwnershipControls'),
  PutBucketOwnershipControls: one('s3:PutBucketOwnershipControls'),
  DeleteBucketOwnershipControls: one('s3:PutBucketOwnershipControls'),
  GetBucketPolicyStatus: one('s3:GetBucketPolicyStatus'),
  GetPublicAccessBlock: one('s3:GetBucketPublicAccessBlock'),
  PutPublicAccessBlock: one('s3:PutBucketPublicAccessBlock'),
  DeletePublicAccessBlock: one('s3:PutBucketPublicAccessBlock'),
  GetBucketRequestPayment: one('s3:GetBucketRequestPayment'),
  PutBucketRequestPayment: one('s3:PutBucketRequestPayment'),
  PutBucketWebsite: one('s3:PutBucketWebsite'),
  DeleteBucketWebsite: one('s3:DeleteBucketWebsite'),
  PutBucketReplication: one('s3:PutReplicationConfiguration'),
  DeleteBucketReplication: one('s3:PutReplicationConfiguration'),
  GetObject: one('s3:GetObject'),
  HeadObject: one('s3:GetObject'),
  SelectObjectContent: one('s3:GetObject'),
  PutObject: one('s3:PutObject'),
  PostObject: one('s3:PutObject'),
  CopyObject: copy,
  DeleteObject: one('s3:DeleteObject'),
  DeleteObjects: one('s3:DeleteObject'),
  CreateMultipartUpload: one('s3:PutObject'),
  UploadPart: one('s3:PutObject'),
  UploadPartCopy: copy,
  CompleteMultipartUpload: one('s3:PutObject'),
  AbortMultipartUpload: one('s3:AbortMultipartUpload'),
  ListParts: one('s3:ListMultipartUploadParts'),
  GetObjectAcl: one('s3:GetObjectAcl'),
  PutObjectAcl: one('s3:PutObjectAcl'),
  GetObjectTagging: one('s3:GetObjectTagging'),
  PutObjectTagging: one('s3:PutObjectTagging'),
  DeleteObjectTagging: one('s3:DeleteObjectTagging'),
  GetObjectRetention: one('s3:GetObjectRetention'),
  PutObjectRetention: one('s3:PutObjectRetention'),
  GetObjectLegalHold: one('s3:GetObjectLegalHold'),
  PutObjectLegalHold: one('s3:PutObjectLegalHold'),
  GetObjectAttributes: one('s3:GetObjectAttributes'),
  RestoreObject: one('s3:RestoreObject'),
  GetObjectTorrent: one('s3:GetObjectTorrent'),
} as const satisfies Record<string, readonly RequiredAction[]>

/** An S3 operation name, as the router and the policy engine name it, e.g. `ListObjectsV2`. */
export type S3Operation = keyof typeof OPERATION_ACTIONS

/** True when `name` is an operation in {@link OPERATION_ACTIONS}. */
export function isS3Operation(name: string): name is S3Operation {
  return Object.hasOwn(OPERATION_ACTIONS, name)
}

/**
 * The permissions an S3 operation needs; all must be allowed. Throws on an unknown operation
 * name: the router's rows are typed by {@link S3Operation}, so this only guards callers that
 * pass a plain string.
 *
 * @example
 * ```ts
 * actionsForOperation('HeadObject') // [{ action: 's3:GetObject', on: 'request' }]
 * actionsForOperation('CopyObject') // PutObject on the destination, GetObject on the source
 * ```
 */
export function actionsForOperation(operation: S3Operation | (string & {})): readonly RequiredAction[] {
  if (!isS3Operation(operation))
    throw new TypeError(`no policy action is defined for operation "${operation}"`)
  return OPERATION_ACTIONS[operation]
}
