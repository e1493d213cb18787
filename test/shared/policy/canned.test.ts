import { describe, expect, it } from 'vitest'
import {
  BUILT_IN_POLICIES,
  type CannedBucketPolicy,
  cannedBucketPolicy,
  cannedBucketPolicyDocument,
  type Decision,
  detectCannedBucketPolicy,
  evaluate,
  isBuiltInPolicyName,
  parsePolicy,
} from '../../../src/shared/policy/index.js'

describe('built-in canned IAM policies', () => {
  const compiled = {
    readonly: parsePolicy(JSON.stringify(BUILT_IN_POLICIES.readonly), 'iam'),
    readwrite: parsePolicy(JSON.stringify(BUILT_IN_POLICIES.readwrite), 'iam'),
    writeonly: parsePolicy(JSON.stringify(BUILT_IN_POLICIES.writeonly), 'iam'),
  }
  it.each<[keyof typeof compiled, string, Decision]>([
    ['readonly', 's3:GetObject', 'allow'],
    ['readonly', 's3:GetBucketLocation', 'allow'],
    ['readonly', 's3:ListBucket', 'allow'],
    ['readonly', 's3:ListAllMyBuckets', 'allow'],
    ['readonly', 's3:PutObject', 'implicit-deny'],
    ['readonly', 's3:DeleteObject', 'implicit-deny'],
    ['readonly', 's3:PutBucketPolicy', 'implicit-deny'],
    ['writeonly', 's3:PutObject', 'allow'],
    ['writeonly', 's3:GetObject', 'implicit-deny'],
    ['writeonly', 's3:ListBucket', 'implicit-deny'],
    ['readwrite', 's3:DeleteBucket', 'allow'],
    ['readwrite', 's3:ListAllMyBuckets', 'allow'],
    ['readwrite', 's3:PutBucketNotification', 'allow'],
  ])('%s: %s → %s', (name, action, expected) => {
    expect(evaluate(compiled[name], { action, bucket: 'any', key: 'thing', conditions: {} })).toBe(expected)
  })

  it('names exactly readonly, readwrite and writeonly', () => {
    expect(Object.keys(BUILT_IN_POLICIES).sort()).toEqual(['readonly', 'readwrite', 'writeonly'])
    expect(isBuiltInPolicyName('readwrite')).toBe(true)
    expect(isBuiltInPolicyName('toString')).toBe(false)
  })
})

describe('canned bucket policies', () => {
  const anon = (
    name: CannedBucketPolicy,
    prefix: string,
    action: string,
    key?: string,
    listPrefix?: string,
  ) => {
    const json = cannedBucketPolicy(name, 'photos', prefix)
    if (json === '') return 'implicit-deny'
    const policy = parsePolicy(json, 'bucket', 'photos')
    const conditions = listPrefix === undefined ? {} : { 's3:prefix': listPrefix }
    return evaluate(policy, { action, bucket: 'photos', key, principal: '*', conditions })
  }

  it.each<[CannedBucketPolicy, string, string, string | undefined, string | undefined, Decision]>([
    ['readonly', '', 's3:GetObject', 'a/b.jpg', undefined, 'allow'],
    ['readonly', '', 's3:ListBucket', undefined, undefined, 'allow'],
    ['readonly', '', 's3:GetBucketLocation', undefined, undefined, 'allow'],
    ['readonly', '', 's3:PutObject', 'a', undefined, 'implicit-deny'],
    ['readonly', 'pub/', 's3:GetObject', 'pub/a', undefined, 'allow'],
    ['readonly', 'pub/', 's3:GetObject', 'priv/a', undefined, 'implicit-deny'],
    ['readonly', 'pub/', 's3:ListBucket', undefined, 'pub/2019/', 'allow'],
    ['readonly', 'pub/', 's3:ListBucket', undefined, 'priv/', 'implicit-deny'],
    ['readonly', 'pub/', 's3:ListBucket', undefined, undefined, 'implicit-deny'],
    ['writeonly', '', 's3:PutObject', 'a', undefined, 'allow'],
    ['writeonly', '', 's3:AbortMultipartUpload', 'a', undefined, 'allow'],
    ['writeonly', '', 's3:ListBucketMultipartUploads', undefined, undefined, 'allow'],
    ['writeonly', '', 's3:GetObject', 'a', undefined, 'implicit-deny'],
    ['writeonly', '', 's3:ListBucket', undefined, undefined, 'implicit-deny'],
    ['readwrite', 'up/', 's3:PutObject', 'up/a', undefined, 'allow'],
    ['readwrite', 'up/', 's3:GetObject', 'up/a', undefined, 'allow'],
    ['readwrite', 'up/', 's3:DeleteObject', 'other/a', undefined, 'implicit-deny'],
    ['none', '', 's3:GetObject', 'a', undefined, 'implicit-deny'],
  ])('%s on prefix %j: %s %s (list %s) → %s', (name, prefix, action, key, listPrefix, expected) => {
    expect(anon(name, prefix, action, key, listPrefix)).toBe(expected)
  })

  it('writes the readonly document mc users expect', () => {
    expect(cannedBucketPolicyDocument('readonly', 'photos')).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetBucketLocation', 's3:ListBucket'],
          Resource: ['arn:aws:s3:::photos'],
        },
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::photos/*'],
        },
      ],
    })
    expect(cannedBucketPolicy('none', 'photos')).toBe('')
  })
})

describe('detectCannedBucketPolicy', () => {
  it.each<[CannedBucketPolicy, string]>([
    ['readonly', ''],
    ['writeonly', ''],
    ['readwrite', ''],
    ['readonly', 'pub/'],
    ['readwrite', 'up/'],
  ])('recognises its own %s on %j', (name, prefix) => {
    expect(detectCannedBucketPolicy(cannedBucketPolicy(name, 'photos', prefix), 'photos', prefix)).toBe(name)
  })

  it('compares meaning, not text', () => {
    const rewritten = {
      Version: '2008-10-17',
      Statement: [
        {
          Sid: 'objects',
          Effect: 'Allow',
          Principal: '*',
          Action: 'S3:GETOBJECT',
          Resource: 'arn:aws:s3:::photos/*',
        },
        {
          Effect: 'Allow',
          Principal: { AWS: '*' },
          Action: 's3:ListBucket',
          Resource: 'arn:aws:s3:::photos',
        },
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetBucketLocation'],
          Resource: 'arn:aws:s3:::photos',
        },
      ],
    } as const
    expect(detectCannedBucketPolicy(rewritten, 'photos')).toBe('readonly')
  })

  it.each<[string, unknown, string]>([
    ['no policy', '', 'none'],
    ['null', null, 'none'],
    ['an empty statement list', { Version: '2012-10-17', Statement: [] }, 'none'],
    ['readonly for another prefix', cannedBucketPolicy('readonly', 'photos', 'other/'), 'custom'],
    ['readonly for another bucket', cannedBucketPolicy('readonly', 'videos'), 'custom'],
    [
      'readonly plus one more grant',
      {
        Version: '2012-10-17',
        Statement: [
          ...(cannedBucketPolicyDocument('readonly', 'photos')!.Statement as object[]),
          { Effect: 'Allow', Principal: '*', Action: 's3:PutObject', Resource: 'arn:aws:s3:::photos/x' },
        ],
      },
      'custom',
    ],
    [
      'a NotAction statement',
      {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Principal: '*', NotAction: 's3:GetObject', Resource: '*' }],
      },
      'custom',
    ],
  ])('%s → %s', (_, policy, expected) => {
    expect(detectCannedBucketPolicy(policy as never, 'photos')).toBe(expected)
  })
})
