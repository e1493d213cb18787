import { describe, expect, it } from 'vitest'
import { isPolicyError, type PolicyKind, parsePolicy } from '../../../src/shared/policy/index.js'
import { allow, doc, pub, variable } from './helpers.js'

describe('parsePolicy accepts', () => {
  it.each<[string, string, PolicyKind]>([
    ['a single statement object', doc(allow()), 'iam'],
    [
      'a statement array with Sid and Id',
      doc([allow({ Sid: 'A' }), allow({ Sid: 'B' })], { Id: 'p1' }),
      'iam',
    ],
    ['MinIO-style ID', doc([allow()], { ID: 'p1' }), 'iam'],
    ['action wildcards', doc(allow({ Action: ['s3:Get*', 's3:*Object', 's3:List?ucket', '*'] })), 'iam'],
    ['actions in any case', doc(allow({ Action: 'S3:getobject' })), 'iam'],
    [
      'NotAction and NotResource',
      doc({ Effect: 'Deny', NotAction: 's3:GetObject', NotResource: 'arn:aws:s3:::a/*' }),
      'iam',
    ],
    ['every condition operator family', doc(allow({ Condition: everyOperator() })), 'iam'],
    ['a bucket policy with Principal "*"', doc(pub()), 'bucket'],
    [
      'Principal {"AWS": [...]}',
      doc(pub({ Principal: { AWS: ['*', 'alice', 'arn:aws:iam::1:user/bob'] } })),
      'bucket',
    ],
    [
      'Version 2008-10-17 for a bucket policy',
      JSON.stringify({ Version: '2008-10-17', Statement: [pub()] }),
      'bucket',
    ],
    [
      'the bucket ARN itself',
      doc(pub({ Action: 's3:ListBucket', Resource: 'arn:aws:s3:::photos' })),
      'bucket',
    ],
    ['a policy variable', doc(allow({ Resource: `arn:aws:s3:::home/${variable('aws:username')}/*` })), 'iam'],
  ])('%s', (_, json, kind) => {
    const policy = parsePolicy(json, kind, 'photos')
    expect(policy.kind).toBe(kind)
    expect(policy.document).toEqual(JSON.parse(json))
  })
})

function everyOperator() {
  return {
    StringEquals: { 's3:prefix': 'a/' },
    StringNotEqualsIgnoreCase: { 'aws:UserAgent': ['X', 'Y'] },
    'ForAnyValue:StringLike': { 's3:prefix': 'a/*' },
    'ForAllValues:StringNotLike': { 's3:delimiter': '?' },
    NumericLessThanEqualsIfExists: { 's3:max-keys': 100 },
    DateGreaterThan: { 'aws:CurrentTime': '2019-01-01T00:00:00Z' },
    DateLessThan: { 'aws:EpochTime': 1600000000 },
    Bool: { 'aws:SecureTransport': true },
    IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '2001:db8::/32'] },
    NotIpAddressIfExists: { 'AWS:SOURCEIP': '10.1.2.3' },
    Null: { 's3:x-amz-acl': 'true' },
    BinaryEquals: { 's3:x-amz-copy-source': 'YS9i' },
  }
}

describe('PolicyError', () => {
  it('carries the path, the reason and the S3 code', () => {
    try {
      parsePolicy(doc([allow(), allow({ Action: 's3:Nope' })]), 'iam')
      expect.unreachable()
    } catch (e) {
      expect(isPolicyError(e)).toBe(true)
      if (!isPolicyError(e)) return
      expect([e.name, e.code, e.reason, e.path]).toEqual([
        'PolicyError',
        'MalformedPolicy',
        'grammar',
        'Statement[1].Action',
      ])
    }
  })

  it.each<[PolicyKind, string]>([
    ['iam', 'an IAM policy may be at most 20480 bytes'],
    ['bucket', 'a bucket policy may be at most 20480 bytes'],
  ])('reports a %s document over 20 KiB as too large', (kind, message) => {
    const big = doc(pub({ Sid: 'x'.repeat(21_000) }))
    expect(() => parsePolicy(big, kind, 'photos')).toThrow(`the policy is ${big.length} bytes; ${message}`)
    expect(() => parsePolicy(big, kind, 'photos')).toThrow(expect.objectContaining({ reason: 'too-large' }))
  })

  it('counts UTF-8 bytes, not characters', () => {
    const sid = 'é'.repeat(11_000) // 11,000 characters, 22,000 bytes
    expect(() => parsePolicy(doc(allow({ Sid: sid })), 'iam')).toThrow(/the policy is 22\d{3} bytes/)
  })
})
