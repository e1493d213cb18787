import { bench, describe } from 'vitest'
import { evaluate, parsePolicy } from '../../../src/shared/policy/index.js'

// A realistic 10-statement policy: prefixes, wildcards, a Deny, conditions (IP, StringLike, Bool).
const policy = parsePolicy(
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject'],
        Resource: 'arn:aws:s3:::data/home/alice/*',
      },
      {
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: 'arn:aws:s3:::data',
        Condition: { StringLike: { 's3:prefix': 'home/alice/*' } },
      },
      { Effect: 'Allow', Action: 's3:Get*', Resource: 'arn:aws:s3:::public/*' },
      { Effect: 'Allow', Action: 's3:ListAllMyBuckets', Resource: 'arn:aws:s3:::*' },
      { Effect: 'Allow', Action: 's3:*Object', Resource: 'arn:aws:s3:::scratch/*.tmp' },
      {
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: 'arn:aws:s3:::logs/20??/*',
        Condition: { IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '2001:db8::/32'] } },
      },
      { Effect: 'Deny', Action: 's3:*', Resource: 'arn:aws:s3:::data/home/alice/secret/*' },
      {
        Effect: 'Deny',
        Action: 's3:PutObject',
        Resource: '*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      },
      { Effect: 'Allow', Action: 's3:GetBucketLocation', Resource: 'arn:aws:s3:::*' },
      {
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: '*',
        Condition: { StringEquals: { 'aws:username': 'auditor' } },
      },
    ],
  }),
  'iam',
)

const requests = [
  {
    action: 's3:GetObject',
    bucket: 'data',
    key: 'home/alice/photos/2019/a.jpg',
    conditions: { 'aws:SecureTransport': 'true', 'aws:SourceIp': '10.1.2.3', 'aws:username': 'alice' },
  },
  {
    action: 's3:PutObject',
    bucket: 'data',
    key: 'home/alice/secret/x',
    conditions: { 'aws:SecureTransport': 'true', 'aws:SourceIp': '10.1.2.3' },
  },
  {
    action: 's3:GetObject',
    bucket: 'logs',
    key: '2019/01/01.log',
    conditions: { 'aws:SourceIp': '192.168.1.1', 'aws:username': 'alice' },
  },
  {
    action: 's3:ListBucket',
    bucket: 'data',
    conditions: { 's3:prefix': 'home/alice/', 'aws:SourceIp': '10.1.2.3' },
  },
]

describe('evaluate, 10-statement policy', () => {
  let i = 0
  bench('mixed requests (allow, deny, implicit deny)', () => {
    evaluate(policy, requests[i++ & 3]!)
  })
})
