import { describe, expect, it } from 'vitest'
import {
  ALL_S3_ACTIONS,
  actionsForOperation,
  OPERATION_ACTIONS,
  S3_ACTIONS,
} from '../../../src/shared/policy/index.js'

describe('actionsForOperation', () => {
  it.each<[string, string[]]>([
    ['ListBuckets', ['s3:ListAllMyBuckets']],
    ['CreateBucket', ['s3:CreateBucket']],
    ['HeadBucket', ['s3:ListBucket']],
    ['DeleteBucket', ['s3:DeleteBucket']],
    ['GetBucketLocation', ['s3:GetBucketLocation']],
    ['ListObjects', ['s3:ListBucket']],
    ['ListObjectsV2', ['s3:ListBucket']],
    ['ListMultipartUploads', ['s3:ListBucketMultipartUploads']],
    ['GetBucketPolicy', ['s3:GetBucketPolicy']],
    ['PutBucketPolicy', ['s3:PutBucketPolicy']],
    ['DeleteBucketPolicy', ['s3:DeleteBucketPolicy']],
    ['GetBucketNotificationConfiguration', ['s3:GetBucketNotification']],
    ['PutBucketNotificationConfiguration', ['s3:PutBucketNotification']],
    ['ListenBucketNotification', ['s3:ListenBucketNotification']],
    ['GetObject', ['s3:GetObject']],
    ['HeadObject', ['s3:GetObject']],
    ['PutObject', ['s3:PutObject']],
    ['PostObject', ['s3:PutObject']],
    ['DeleteObject', ['s3:DeleteObject']],
    ['DeleteObjects', ['s3:DeleteObject']],
    ['CopyObject', ['s3:PutObject', 'source s3:GetObject']],
    ['CreateMultipartUpload', ['s3:PutObject']],
    ['UploadPart', ['s3:PutObject']],
    ['UploadPartCopy', ['s3:PutObject', 'source s3:GetObject']],
    ['CompleteMultipartUpload', ['s3:PutObject']],
    ['AbortMultipartUpload', ['s3:AbortMultipartUpload']],
    ['ListParts', ['s3:ListMultipartUploadParts']],
    ['DeleteBucketCors', ['s3:PutBucketCORS']],
    ['GetBucketWebsite', ['s3:GetBucketWebsite']],
    ['GetBucketReplication', ['s3:GetReplicationConfiguration']],
    ['GetObjectAttributes', ['s3:GetObjectAttributes']],
  ])('%s → %j', (operation, expected) => {
    const actions = actionsForOperation(operation).map((r) =>
      r.on === 'copy-source' ? `source ${r.action}` : r.action,
    )
    expect(actions).toEqual(expected)
  })

  it('throws on an operation it does not know, so nothing goes unchecked', () => {
    expect(() => actionsForOperation('FrobnicateBucket')).toThrow(
      'no policy action is defined for operation "FrobnicateBucket"',
    )
    expect(() => actionsForOperation('toString')).toThrow(TypeError)
  })

  it('maps every operation to catalogue actions', () => {
    for (const required of Object.values(OPERATION_ACTIONS)) {
      for (const { action } of required) expect(ALL_S3_ACTIONS).toContain(action)
    }
  })
})

describe('the action catalogue', () => {
  it.each([
    ['s3:ListAllMyBuckets', 'service'],
    ['s3:ListBucket', 'bucket'],
    ['s3:GetBucketLocation', 'bucket'],
    ['s3:ListBucketMultipartUploads', 'bucket'],
    ['s3:GetObject', 'object'],
    ['s3:ListMultipartUploadParts', 'object'],
  ])('%s applies to a %s', (action, kind) => {
    expect(S3_ACTIONS[action as keyof typeof S3_ACTIONS]).toBe(kind)
  })

  it('contains every action MinIO 2018 accepted', () => {
    const minio2018 = [
      's3:AbortMultipartUpload',
      's3:DeleteObject',
      's3:GetObject',
      's3:ListMultipartUploadParts',
      's3:PutObject',
      's3:CreateBucket',
      's3:DeleteBucket',
      's3:DeleteBucketPolicy',
      's3:GetBucketLocation',
      's3:GetBucketNotification',
      's3:GetBucketPolicy',
      's3:HeadBucket',
      's3:ListAllMyBuckets',
      's3:ListBucket',
      's3:ListBucketMultipartUploads',
      's3:ListenBucketNotification',
      's3:PutBucketNotification',
      's3:PutBucketPolicy',
    ]
    for (const action of minio2018) expect(ALL_S3_ACTIONS).toContain(action)
  })
})
