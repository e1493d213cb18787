import { describe, expect, it } from 'vitest'
import { type Decision, evaluate, type PolicyRequest, parsePolicy } from '../../../src/shared/policy/index.js'
import { variable } from './helpers.js'

const iam = (...statements: object[]) =>
  parsePolicy(JSON.stringify({ Version: '2012-10-17', Statement: statements }), 'iam')
const bucketPolicy = (...statements: object[]) =>
  parsePolicy(JSON.stringify({ Version: '2012-10-17', Statement: statements }), 'bucket', 'b')

type Row = [string, Partial<PolicyRequest>, Decision]
const run = (policy: Parameters<typeof evaluate>[0], rows: Row[]) =>
  it.each(rows)('%s', (_, request, expected) => {
    expect(
      evaluate(policy, { action: 's3:GetObject', bucket: 'b', key: 'k', conditions: {}, ...request }),
    ).toBe(expected)
  })

describe('explicit Deny wins over Allow', () => {
  const policy = iam(
    { Effect: 'Allow', Action: 's3:*', Resource: 'arn:aws:s3:::*' },
    { Effect: 'Deny', Action: ['s3:DeleteObject', 's3:PutObject'], Resource: 'arn:aws:s3:::b/protected/*' },
  )
  run(policy, [
    ['allowed elsewhere', { action: 's3:DeleteObject', key: 'open/x' }, 'allow'],
    ['denied under the prefix', { action: 's3:DeleteObject', key: 'protected/x' }, 'deny'],
    ['other actions still allowed there', { action: 's3:GetObject', key: 'protected/x' }, 'allow'],
    [
      'the Deny is per resource, not per bucket',
      { action: 's3:PutObject', bucket: 'c', key: 'protected/x' },
      'allow',
    ],
  ])
})

describe('a prefix-limited user (home directory)', () => {
  const policy = iam(
    { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: 'arn:aws:s3:::b/home/alice/*' },
    {
      Effect: 'Allow',
      Action: 's3:ListBucket',
      Resource: 'arn:aws:s3:::b',
      Condition: { StringLike: { 's3:prefix': ['home/alice/*', 'home/alice'] } },
    },
  )
  run(policy, [
    ['reads inside', { key: 'home/alice/notes.txt' }, 'allow'],
    ['writes deep inside', { action: 's3:PutObject', key: 'home/alice/a/b/c' }, 'allow'],
    ['not a sibling prefix', { key: 'home/alice2/x' }, 'implicit-deny'],
    ['not another user', { key: 'home/bob/x' }, 'implicit-deny'],
    ['not another bucket', { bucket: 'c', key: 'home/alice/x' }, 'implicit-deny'],
    ['not an action it lacks', { action: 's3:DeleteObject', key: 'home/alice/x' }, 'implicit-deny'],
    [
      'lists its prefix',
      { action: 's3:ListBucket', conditions: { 's3:prefix': 'home/alice/photos/' } },
      'allow',
    ],
    [
      'lists with the bare prefix',
      { action: 's3:ListBucket', conditions: { 's3:prefix': 'home/alice' } },
      'allow',
    ],
    ['cannot list the root', { action: 's3:ListBucket', conditions: {} }, 'implicit-deny'],
    [
      'cannot list elsewhere',
      { action: 's3:ListBucket', conditions: { 's3:prefix': 'home/' } },
      'implicit-deny',
    ],
  ])
})

describe('matching rules', () => {
  const policy = iam(
    { Effect: 'Allow', Action: 's3:GetObject', Resource: ['arn:aws:s3:::b/Docs/*', 'arn:aws:s3:::x'] },
    { Effect: 'Allow', Action: 's3:ListBucket', Resource: 'arn:aws:s3:::b/*' },
    { Effect: 'Allow', Action: 's3:ListAllMyBuckets', Resource: 'arn:aws:s3:::*' },
    { Effect: 'Allow', Action: 's3:get?ucketlocation', Resource: 'arn:aws:s3:::b?' },
  )
  run(policy, [
    ['request action in any case', { action: 'S3:GETOBJECT', key: 'Docs/a' }, 'allow'],
    ['resources are case-sensitive', { key: 'docs/a' }, 'implicit-deny'],
    [
      'a bucket ARN does not cover its objects (unlike MinIO 2018)',
      { bucket: 'x', key: 'k' },
      'implicit-deny',
    ],
    ['an object pattern does not cover the bucket', { action: 's3:ListBucket' }, 'implicit-deny'],
    [
      'ListAllMyBuckets is checked on arn:aws:s3:::*',
      { action: 's3:ListAllMyBuckets', bucket: undefined },
      'allow',
    ],
    ['? matches one character', { action: 's3:GetBucketLocation', bucket: 'b1' }, 'allow'],
    ['? matches exactly one', { action: 's3:GetBucketLocation', bucket: 'b12' }, 'implicit-deny'],
    ['an unknown action matches nothing', { action: 's3:GetObjects', key: 'Docs/a' }, 'implicit-deny'],
  ])
})

describe('NotAction and NotResource', () => {
  const policy = iam(
    { Effect: 'Allow', NotAction: ['s3:Delete*', 's3:Put*'], Resource: '*' },
    { Effect: 'Deny', Action: 's3:GetObject', NotResource: ['arn:aws:s3:::b/public/*'] },
  )
  run(policy, [
    ['NotAction allows what it does not name', { action: 's3:ListBucket' }, 'allow'],
    ['NotAction does not allow what it names', { action: 's3:DeleteObject' }, 'implicit-deny'],
    ['NotResource denies outside the prefix', { key: 'private/x' }, 'deny'],
    ['NotResource spares the prefix', { key: 'public/x' }, 'allow'],
  ])
})

describe('bucket policy principals', () => {
  const policy = bucketPolicy(
    { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/public/*' },
    {
      Effect: 'Allow',
      Principal: { AWS: ['alice', 'arn:aws:iam::123:user/bob'] },
      Action: 's3:*',
      Resource: 'arn:aws:s3:::b/*',
    },
    { Effect: 'Deny', Principal: { AWS: 'mallory' }, Action: 's3:*', Resource: 'arn:aws:s3:::b/*' },
  )
  run(policy, [
    ['anonymous reads public', { key: 'public/a', principal: '*' }, 'allow'],
    ['anonymous without principal', { key: 'public/a', principal: undefined }, 'allow'],
    ['anonymous cannot read private', { key: 'private/a', principal: '*' }, 'implicit-deny'],
    ['a named access key', { action: 's3:PutObject', principal: 'alice' }, 'allow'],
    ['a user ARN names the access key', { action: 's3:PutObject', principal: 'bob' }, 'allow'],
    [
      'another user gets only the public grant',
      { action: 's3:PutObject', principal: 'carol' },
      'implicit-deny',
    ],
    ['a Deny for one principal', { key: 'public/a', principal: 'mallory' }, 'deny'],
  ])
})

describe('several policies together', () => {
  const user = iam({ Effect: 'Allow', Action: 's3:*', Resource: '*' })
  const bucket = bucketPolicy({
    Effect: 'Deny',
    Principal: '*',
    Action: 's3:DeleteObject',
    Resource: 'arn:aws:s3:::b/*',
  })
  run(
    [user, bucket],
    [
      ['an Allow in one and nothing in the other', { action: 's3:GetObject' }, 'allow'],
      ['a Deny in either wins', { action: 's3:DeleteObject', principal: 'alice' }, 'deny'],
    ],
  )
  run([], [['no policy at all', {}, 'implicit-deny']])
})

describe('policy variables', () => {
  const policy = iam({
    Effect: 'Allow',
    Action: 's3:*',
    Resource: `arn:aws:s3:::b/home/${variable('aws:username')}/*`,
  })
  const as = (username: string | undefined) => ({ 'aws:username': username })
  run(policy, [
    ['the user’s own folder', { key: 'home/alice/x', conditions: as('alice') }, 'allow'],
    ['another user’s folder', { key: 'home/bob/x', conditions: as('alice') }, 'implicit-deny'],
    ['a wildcard in the name is literal', { key: 'home/bob/x', conditions: as('*') }, 'implicit-deny'],
    ['literal star folder for user "*"', { key: 'home/*/x', conditions: as('*') }, 'allow'],
    ['no username, no match', { key: 'home/alice/x', conditions: as(undefined) }, 'implicit-deny'],
  ])

  it('are literal text in a 2008-10-17 bucket policy', () => {
    const old = parsePolicy(
      JSON.stringify({
        Version: '2008-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: '*',
            Action: 's3:GetObject',
            Resource: `arn:aws:s3:::b/${variable('aws:username')}`,
          },
        ],
      }),
      'bucket',
      'b',
    )
    const request = { action: 's3:GetObject', bucket: 'b', conditions: { 'aws:username': 'alice' } }
    expect(evaluate(old, { ...request, key: 'alice' })).toBe('implicit-deny')
    expect(evaluate(old, { ...request, key: variable('aws:username') })).toBe('allow')
  })
})
