/** What an action applies to, which decides the resource ARN it is checked against. */
export type ActionResourceKind = 'service' | 'bucket' | 'object'

/**
 * The S3 actions a policy may name, each with the kind of resource it is evaluated on:
 * `object` → `arn:aws:s3:::bucket/key`, `bucket` → `arn:aws:s3:::bucket`, `service` →
 * `arn:aws:s3:::*`. It is MinIO's 2018 list plus the AWS S3 actions users paste from AWS
 * examples, so such policies parse; an action no Silo operation checks simply never applies.
 */
export const S3_ACTIONS = {
  's3:ListAllMyBuckets': 'service',
  's3:CreateBucket': 'bucket',
  's3:DeleteBucket': 'bucket',
  's3:HeadBucket': 'bucket',
  's3:ListBucket': 'bucket',
  's3:ListBucketVersions': 'bucket',
  's3:ListBucketMultipartUploads': 'bucket',
  's3:GetBucketLocation': 'bucket',
  's3:GetBucketPolicy': 'bucket',
  's3:PutBucketPolicy': 'bucket',
  's3:DeleteBucketPolicy': 'bucket',
  's3:GetBucketPolicyStatus': 'bucket',
  's3:GetBucketNotification': 'bucket',
  's3:PutBucketNotification': 'bucket',
  's3:ListenBucketNotification': 'bucket',
  's3:GetBucketAcl': 'bucket',
  's3:PutBucketAcl': 'bucket',
  's3:GetBucketCORS': 'bucket',
  's3:PutBucketCORS': 'bucket',
  's3:GetBucketVersioning': 'bucket',
  's3:PutBucketVersioning': 'bucket',
  's3:GetBucketTagging': 'bucket',
  's3:PutBucketTagging': 'bucket',
  's3:GetBucketWebsite': 'bucket',
  's3:PutBucketWebsite': 'bucket',
  's3:DeleteBucketWebsite': 'bucket',
  's3:GetBucketOwnershipControls': 'bucket',
  's3:PutBucketOwnershipControls': 'bucket',
  's3:GetBucketPublicAccessBlock': 'bucket',
  's3:PutBucketPublicAccessBlock': 'bucket',
  's3:GetBucketRequestPayment': 'bucket',
  's3:PutBucketRequestPayment': 'bucket',
  's3:GetAccelerateConfiguration': 'bucket',
  's3:PutAccelerateConfiguration': 'bucket',
  's3:GetAnalyticsConfiguration': 'bucket',
  's3:PutAnalyticsConfiguration': 'bucket',
  's3:GetIntelligentTieringConfiguration': 'bucket',
  's3:PutIntelligentTieringConfiguration': 'bucket',
  's3:GetInventoryConfiguration': 'bucket',
  's3:PutInventoryConfiguration': 'bucket',
  's3:GetMetricsConfiguration': 'bucket',
  's3:PutMetricsConfiguration': 'bucket',
  's3:CreateBucketMetadataTableConfiguration': 'bucket',
  's3:GetBucketMetadataTableConfiguration': 'bucket',
  's3:DeleteBucketMetadataTableConfiguration': 'bucket',
  's3:UpdateBucketMetadataInventoryTableConfiguration': 'bucket',
  's3:UpdateBucketMetadataJournalTableConfiguration': 'bucket',
  's3:GetBucketLogging': 'bucket',
  's3:PutBucketLogging': 'bucket',
  's3:GetBucketObjectLockConfiguration': 'bucket',
  's3:PutBucketObjectLockConfiguration': 'bucket',
  's3:GetLifecycleConfiguration': 'bucket',
  's3:PutLifecycleConfiguration': 'bucket',
  's3:GetEncryptionConfiguration': 'bucket',
  's3:PutEncryptionConfiguration': 'bucket',
  's3:GetReplicationConfiguration': 'bucket',
  's3:PutReplicationConfiguration': 'bucket',
  's3:GetObject': 'object',
  's3:PutObject': 'object',
  's3:DeleteObject': 'object',
  's3:AbortMultipartUpload': 'object',
  's3:ListMultipartUploadParts': 'object',
  's3:GetObjectAcl': 'object',
  's3:PutObjectAcl': 'object',
  's3:GetObjectVersion': 'object',
  's3:DeleteObjectVersion': 'object',
  's3:GetObjectVersionAcl': 'object',
  's3:PutObjectVersionAcl': 'object',
  's3:GetObjectTagging': 'object',
  's3:PutObjectTagging': 'object',
  's3:DeleteObjectTagging': 'object',
  's3:GetObjectVersionTagging': 'object',
  's3:PutObjectVersionTagging': 'object',
  's3:DeleteObjectVersionTagging': 'object',
  's3:GetObjectRetention': 'object',
  's3:PutObjectRetention': 'object',
  's3:GetObjectLegalHold': 'object',
  's3:PutObjectLegalHold': 'object',
  's3:GetObjectAttributes': 'object',
  's3:GetObjectVersionAttributes': 'object',
  's3:BypassGovernanceRetention': 'object',
  's3:RestoreObject': 'object',
  's3:GetObjectTorrent': 'object',
} as const satisfies Record<string, ActionResourceKind>

/** An S3 action name as the catalogue spells it, e.g. `s3:GetObject`. */
export type S3Action = keyof typeof S3_ACTIONS

/** Every catalogue action, in catalogue order. */
export const ALL_S3_ACTIONS = Object.keys(S3_ACTIONS) as readonly S3Action[]

const BY_LOWER_CASE = new Map<string, S3Action>(ALL_S3_ACTIONS.map((a) => [a.toLowerCase(), a]))

/**
 * The catalogue spelling of `name`, matched case-insensitively as AWS does, or undefined.
 *
 * @example canonicalAction('S3:getobject') // 's3:GetObject'
 */
export function canonicalAction(name: string): S3Action | undefined {
  return Object.hasOwn(S3_ACTIONS, name) ? (name as S3Action) : BY_LOWER_CASE.get(name.toLowerCase())
}

/** True when `name` is a catalogue action (in any case). */
export function isS3Action(name: string): boolean {
  return canonicalAction(name) !== undefined
}
