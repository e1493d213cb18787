import { describe, expect, it } from 'vitest'
import {
  type ConditionValues,
  canonicalConditionKey,
  evaluate,
  PolicyError,
  parsePolicy,
} from '../../../src/shared/policy/index.js'

/** A bucket policy on "b" with one statement of `effect` on PutObject, under `condition`. */
function policyWith(effect: 'Allow' | 'Deny', condition: object) {
  return parsePolicy(
    JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        ...(effect === 'Deny'
          ? [{ Effect: 'Allow', Principal: '*', Action: 's3:PutObject', Resource: 'arn:aws:s3:::b/*' }]
          : []),
        {
          Effect: effect,
          Principal: '*',
          Action: 's3:PutObject',
          Resource: 'arn:aws:s3:::b/*',
          Condition: condition,
        },
      ],
    }),
    'bucket',
    'b',
  )
}

const decide = (effect: 'Allow' | 'Deny', condition: object, conditions: ConditionValues) =>
  evaluate(policyWith(effect, condition), { action: 's3:PutObject', bucket: 'b', key: 'k', conditions })

// Every key S3 documents that Silo used to refuse: [key as written in policies, key the server
// fills, operator, a value that matches].
const KEYS: Array<[string, string, string, string]> = [
  ['s3:x-amz-grant-read', 's3:x-amz-grant-read', 'StringEquals', 'id="u1"'],
  ['s3:x-amz-grant-write', 's3:x-amz-grant-write', 'StringEquals', 'id="u1"'],
  ['s3:x-amz-grant-read-acp', 's3:x-amz-grant-read-acp', 'StringEquals', 'id="u1"'],
  ['s3:x-amz-grant-write-acp', 's3:x-amz-grant-write-acp', 'StringEquals', 'id="u1"'],
  ['s3:x-amz-grant-full-control', 's3:x-amz-grant-full-control', 'StringEquals', 'id="u1"'],
  ['s3:x-amz-website-redirect-location', 's3:x-amz-website-redirect-location', 'StringLike', '/*'],
  ['s3:x-amz-object-ownership', 's3:x-amz-object-ownership', 'StringEquals', 'BucketOwnerEnforced'],
  ['s3:object-lock-mode', 's3:object-lock-mode', 'StringEquals', 'GOVERNANCE'],
  ['s3:object-lock-legal-hold', 's3:object-lock-legal-hold', 'StringEquals', 'ON'],
  [
    's3:object-lock-retain-until-date',
    's3:object-lock-retain-until-date',
    'DateEquals',
    '2030-01-01T00:00:00Z',
  ],
  [
    's3:object-lock-remaining-retention-days',
    's3:object-lock-remaining-retention-days',
    'NumericEquals',
    '10',
  ],
  ['s3:ResourceAccount', 's3:ResourceAccount', 'StringEquals', '111122223333'],
  ['s3:DataAccessPointArn', 's3:DataAccessPointArn', 'StringLike', 'arn:aws:s3:*'],
  ['s3:DataAccessPointAccount', 's3:DataAccessPointAccount', 'StringEquals', '111122223333'],
  ['s3:AccessPointNetworkOrigin', 's3:AccessPointNetworkOrigin', 'StringEquals', 'VPC'],
  ['s3:if-match', 's3:if-match', 'StringEquals', '"abc"'],
  ['s3:if-none-match', 's3:if-none-match', 'StringEquals', '*'],
  ['s3:ObjectCreationOperation', 's3:ObjectCreationOperation', 'Bool', 'true'],
  ['s3:RequestObjectTagKeys', 's3:RequestObjectTagKeys', 'StringEquals', 'env'],
  ['s3:ExistingObjectTag/env', 's3:ExistingObjectTag/env', 'StringEquals', 'prod'],
  ['S3:EXISTINGOBJECTTAG/env', 's3:ExistingObjectTag/env', 'StringEquals', 'prod'],
  ['s3:RequestObjectTag/team a', 's3:RequestObjectTag/team a', 'StringEquals', 'x'],
  ['aws:RequestTag/env', 'aws:RequestTag/env', 'StringEquals', 'prod'],
  ['aws:ResourceTag/env', 'aws:ResourceTag/env', 'StringEquals', 'prod'],
  ['aws:PrincipalTag/dept', 'aws:PrincipalTag/dept', 'StringEquals', 'eng'],
  ['aws:TagKeys', 'aws:TagKeys', 'StringEquals', 'env'],
  ['aws:PrincipalArn', 'aws:PrincipalArn', 'StringLike', 'arn:aws:iam::*:user/*'],
  ['aws:PrincipalAccount', 'aws:PrincipalAccount', 'StringEquals', '111122223333'],
  ['aws:PrincipalOrgID', 'aws:PrincipalOrgID', 'StringEquals', 'o-123'],
  ['aws:PrincipalIsAWSService', 'aws:PrincipalIsAWSService', 'Bool', 'false'],
  ['aws:ViaAWSService', 'aws:ViaAWSService', 'Bool', 'false'],
  ['aws:MultiFactorAuthPresent', 'aws:MultiFactorAuthPresent', 'Bool', 'true'],
  ['aws:MultiFactorAuthAge', 'aws:MultiFactorAuthAge', 'NumericLessThan', '3600'],
  ['aws:TokenIssueTime', 'aws:TokenIssueTime', 'DateGreaterThan', '2020-01-01T00:00:00Z'],
  ['aws:SourceVpc', 'aws:SourceVpc', 'StringEquals', 'vpc-1'],
  ['aws:SourceVpce', 'aws:SourceVpce', 'StringEquals', 'vpce-1'],
  ['aws:VpcSourceIp', 'aws:VpcSourceIp', 'IpAddress', '10.0.0.0/8'],
  ['aws:SourceAccount', 'aws:SourceAccount', 'StringEquals', '111122223333'],
  ['aws:SourceArn', 'aws:SourceArn', 'StringLike', 'arn:aws:*'],
  ['aws:RequestedRegion', 'aws:RequestedRegion', 'StringEquals', 'us-east-1'],
  ['aws:ResourceAccount', 'aws:ResourceAccount', 'StringEquals', '111122223333'],
  ['aws:CalledVia', 'aws:CalledVia', 'StringEquals', 'cloudformation.amazonaws.com'],
]

// A value of the same key that does not match.
const OTHER: Record<string, string> = {
  StringEquals: 'other',
  StringLike: 'zzz',
  DateEquals: '2031-01-01T00:00:00Z',
  DateGreaterThan: '2019-01-01T00:00:00Z',
  NumericEquals: '11',
  NumericLessThan: '4000',
  Bool: 'maybe',
  IpAddress: '192.168.0.1',
}
const REQUEST_VALUE: Record<string, (v: string) => string> = {
  IpAddress: () => '10.1.2.3',
  NumericLessThan: () => '60',
  DateGreaterThan: () => '2021-06-01T00:00:00Z',
  StringLike: (v) => v.replace('*', 'x'),
}

describe.each(KEYS)('condition key %s (filled as %s, %s %s)', (written, filled, operator, value) => {
  const matching = (REQUEST_VALUE[operator] ?? ((v: string) => v))(value)
  const condition = { [operator]: { [written]: value } }

  it('is accepted in a policy and resolves to the server spelling', () => {
    expect(() => policyWith('Allow', condition)).not.toThrow()
    expect(canonicalConditionKey(written)).toBe(filled)
  })

  it.each([
    ['Allow', { [filled]: matching }, 'allow'],
    ['Allow', { [filled]: OTHER[operator]! }, 'implicit-deny'],
    ['Allow', {}, 'implicit-deny'],
    ['Deny', { [filled]: matching }, 'deny'],
    ['Deny', { [filled]: OTHER[operator]! }, 'allow'],
    ['Deny', {}, 'allow'],
  ] as const)('%s with %j → %s', (effect, conditions, expected) => {
    expect(decide(effect, condition, conditions)).toBe(expected)
  })

  it('Null sees whether the request carries it', () => {
    expect(decide('Allow', { Null: { [written]: 'true' } }, {})).toBe('allow')
    expect(decide('Allow', { Null: { [written]: 'true' } }, { [filled]: matching })).toBe('implicit-deny')
    expect(decide('Deny', { Null: { [written]: 'true' } }, {})).toBe('deny')
  })
})

describe('object tags (Silo stores none yet: every object is untagged, as S3 sees an untagged object)', () => {
  it('an Allow on an existing tag grants nothing to an untagged object; a Deny unless tagged denies it', () => {
    expect(decide('Allow', { StringEquals: { 's3:ExistingObjectTag/env': 'prod' } }, {})).toBe(
      'implicit-deny',
    )
    expect(decide('Deny', { StringNotEquals: { 's3:ExistingObjectTag/env': 'prod' } }, {})).toBe('deny')
    expect(decide('Deny', { Null: { 's3:ExistingObjectTag/env': 'true' } }, {})).toBe('deny')
  })

  it('the tag key part keeps its case: env and Env are different tags', () => {
    const condition = { StringEquals: { 's3:ExistingObjectTag/Env': 'prod' } }
    expect(decide('Allow', condition, { 's3:ExistingObjectTag/env': 'prod' })).toBe('implicit-deny')
    expect(decide('Allow', condition, { 's3:ExistingObjectTag/Env': 'prod' })).toBe('allow')
  })

  it('s3:RequestObjectTagKeys is multi-valued: ForAllValues limits the keys, ForAnyValue needs one', () => {
    const only = { 'ForAllValues:StringEquals': { 's3:RequestObjectTagKeys': ['env', 'team'] } }
    expect(decide('Allow', only, { 's3:RequestObjectTagKeys': ['env'] })).toBe('allow')
    expect(decide('Allow', only, { 's3:RequestObjectTagKeys': ['env', 'secret'] })).toBe('implicit-deny')
    const some = { 'ForAnyValue:StringEquals': { 's3:RequestObjectTagKeys': 'env' } }
    expect(decide('Allow', some, { 's3:RequestObjectTagKeys': ['team', 'env'] })).toBe('allow')
    expect(decide('Allow', some, {})).toBe('implicit-deny')
  })
})

describe('keys S3 does not define stay MalformedPolicy, naming the key', () => {
  it.each([
    's3:ExistingObjectTag',
    's3:ExistingObjectTag/',
    's3:RequestObjectTag/',
    'aws:RequestTag/',
    's3:x-amz-grant-everything',
    's3:x-amz-meta-owner',
    's3:object-lock-anything',
    'aws:SourceIpAddress',
    's3:ObjectTag/env',
  ])('%s', (key) => {
    let error: unknown
    try {
      policyWith('Allow', { StringEquals: { [key]: 'x' } })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PolicyError)
    expect((error as PolicyError).code).toBe('MalformedPolicy')
    expect((error as Error).message).toContain(`unknown condition key ${JSON.stringify(key)}`)
  })

  it('a tag key prefix without its tag key says how to write it', () => {
    expect(() => policyWith('Allow', { StringEquals: { 's3:ExistingObjectTag': 'x' } })).toThrow(
      'unknown condition key "s3:ExistingObjectTag" (write "s3:ExistingObjectTag/<tag key>")',
    )
  })

  it('IP operators still need an IP key: a tag key is a string key', () => {
    expect(() => policyWith('Allow', { IpAddress: { 's3:ExistingObjectTag/ip': '10.0.0.0/8' } })).toThrow(
      /needs an IP address key/,
    )
  })
})
