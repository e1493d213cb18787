import { describe, expect, it } from 'vitest'
import { isPublicPolicy } from '../../../src/shared/policy/is-public-policy.js'

const allow = (extra: object) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*', ...extra }],
  })

describe('isPublicPolicy (S3 policy status and Block Public Access)', () => {
  it.each<[string, object, boolean]>([
    ['Principal "*"', { Principal: '*' }, true],
    ['Principal {AWS: "*"}', { Principal: { AWS: '*' } }, true],
    ['Principal {AWS: ["alice", "*"]}', { Principal: { AWS: ['alice', '*'] } }, true],
    ['a named user', { Principal: { AWS: ['alice'] } }, false],
    ['Deny to everyone', { Principal: '*', Effect: 'Deny' }, false],
    [
      '"*" within a source network',
      { Principal: '*', Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } } },
      false,
    ],
    [
      '"*" from the whole internet',
      { Principal: '*', Condition: { IpAddress: { 'aws:SourceIp': '0.0.0.0/0' } } },
      true,
    ],
    [
      '"*" from a VPC endpoint',
      { Principal: '*', Condition: { StringEquals: { 'aws:SourceVpce': 'vpce-1' } } },
      false,
    ],
    [
      '"*" outside a network (negated)',
      { Principal: '*', Condition: { NotIpAddress: { 'aws:SourceIp': '10.0.0.0/8' } } },
      true,
    ],
    [
      '"*" with an unrelated condition',
      { Principal: '*', Condition: { Bool: { 'aws:SecureTransport': 'true' } } },
      true,
    ],
  ])('%s', (_name, extra, expected) => {
    expect(isPublicPolicy(allow(extra))).toBe(expected)
  })

  it('a document that is not JSON is not public', () => {
    expect(isPublicPolicy('{')).toBe(false)
  })
})
