import { describe, expect, it } from 'vitest'
import { type PolicyKind, parsePolicy } from '../../../src/shared/policy/index.js'
import { allow, doc, pub } from './helpers.js'

describe('parsePolicy rejects', () => {
  it.each<[string, string, PolicyKind, string]>([
    [
      'an empty document',
      '',
      'iam',
      'invalid JSON at line 1, column 1: unexpected end of input, expected a value',
    ],
    ['a JSON array', '[]', 'iam', 'the policy must be a JSON object, got an array'],
    [
      'an unknown top-level field',
      doc(allow(), { Statements: [] }),
      'iam',
      'unknown field "Statements" (did you mean "Statement"?)',
    ],
    [
      'a missing Version',
      JSON.stringify({ Statement: allow() }),
      'iam',
      'Version: is required ("2012-10-17")',
    ],
    [
      'Version 2008-10-17 in IAM',
      JSON.stringify({ Version: '2008-10-17', Statement: allow() }),
      'iam',
      'Version: must be "2012-10-17", got string "2008-10-17"',
    ],
    [
      'a bad bucket Version',
      JSON.stringify({ Version: 2012, Statement: pub() }),
      'bucket',
      'Version: must be "2012-10-17" or "2008-10-17", got number 2012',
    ],
    ['a numeric Id', doc(allow(), { Id: 5 }), 'iam', 'Id: must be a string'],
    ['a missing Statement', JSON.stringify({ Version: '2012-10-17' }), 'iam', 'Statement: is required'],
    ['an empty Statement', doc([]), 'iam', 'Statement: must contain at least one statement'],
    ['a string statement', doc(['x']), 'iam', 'Statement[0]: must be a statement object, got string "x"'],
    [
      'an unknown statement field',
      doc([allow(), allow({ Effects: 'Allow' })]),
      'iam',
      'Statement[1]: unknown field "Effects" (did you mean "Effect"?)',
    ],
    [
      'a lower-case field',
      doc(allow({ action: 'x' })),
      'iam',
      'Statement: unknown field "action" (did you mean "Action"?)',
    ],
    [
      'a bad Effect',
      doc([allow({ Effect: 'allow' })]),
      'iam',
      'Statement[0].Effect: must be "Allow" or "Deny", got string "allow"',
    ],
    [
      'a duplicate Sid',
      doc([allow({ Sid: 'a' }), allow({ Sid: 'a' })]),
      'iam',
      'Statement[1].Sid: duplicate Sid "a"',
    ],
    [
      'an unknown action',
      doc([allow(), allow({ Action: ['s3:GetObjects'] })]),
      'iam',
      'Statement[1].Action[0]: unknown action "s3:GetObjects" (did you mean "s3:GetObject"?)',
    ],
    [
      'a lone unknown action',
      doc(allow({ Action: 's3:Frobnicate' })),
      'iam',
      'Statement.Action: unknown action "s3:Frobnicate"',
    ],
    [
      'another service',
      doc([allow({ Action: 'iam:CreateUser' })]),
      'iam',
      'Statement[0].Action: unknown action "iam:CreateUser": Silo policies name s3: actions only',
    ],
    [
      'a wildcard matching nothing',
      doc([allow({ Action: ['s3:Gett*'] })]),
      'iam',
      'Statement[0].Action[0]: action pattern "s3:Gett*" matches no known S3 action',
    ],
    [
      'an empty Action array',
      doc([allow({ Action: [] })]),
      'iam',
      'Statement[0].Action: must not be an empty array',
    ],
    [
      'a non-string action',
      doc([allow({ Action: ['s3:GetObject', 7] })]),
      'iam',
      'Statement[0].Action[1]: must be a string, got number 7',
    ],
    [
      'Action with NotAction',
      doc([allow({ NotAction: 's3:PutObject' })]),
      'iam',
      'Statement[0]: has both Action and NotAction; use one',
    ],
    [
      'no Action',
      doc([{ Effect: 'Allow', Resource: '*' }]),
      'iam',
      'Statement[0]: must have Action or NotAction',
    ],
    [
      'no Resource',
      doc([{ Effect: 'Allow', Action: 's3:*' }]),
      'iam',
      'Statement[0]: must have Resource or NotResource',
    ],
    [
      'a non-S3 resource',
      doc([allow({ Resource: ['*', 'arn:aws:sqs:::q'] })]),
      'iam',
      'Statement[0].Resource[1]: resource "arn:aws:sqs:::q" is not "*" or an S3 ARN',
    ],
    [
      'a bare ARN prefix',
      doc([allow({ Resource: 'arn:aws:s3:::' })]),
      'iam',
      'Statement[0].Resource: resource "arn:aws:s3:::" is not "*" or an S3 ARN',
    ],
    [
      'a Principal in IAM',
      doc([allow({ Principal: '*' })]),
      'iam',
      'Statement[0].Principal: is not allowed in an IAM policy',
    ],
    [
      'NotPrincipal',
      doc([pub({ NotPrincipal: '*' })]),
      'bucket',
      'Statement[0].NotPrincipal: is not supported',
    ],
    [
      'a missing Principal',
      doc([allow({ Resource: 'arn:aws:s3:::photos/*' })]),
      'bucket',
      'Statement[0]: a bucket policy statement must have a Principal',
    ],
    [
      'a Service principal',
      doc([pub({ Principal: { Service: 'x' } })]),
      'bucket',
      'Statement[0].Principal: unsupported principal type "Service"',
    ],
    [
      'a role principal',
      doc([pub({ Principal: { AWS: ['arn:aws:iam::1:role/r'] } })]),
      'bucket',
      'Statement[0].Principal.AWS[0]: principal "arn:aws:iam::1:role/r" is not "*", an access key or an IAM user ARN',
    ],
    [
      'a resource in another bucket',
      doc([pub({ Resource: ['arn:aws:s3:::photos/*', 'arn:aws:s3:::other/*'] })]),
      'bucket',
      'Statement[0].Resource[1]: resource "arn:aws:s3:::other/*" is outside bucket "photos"',
    ],
    [
      'a bucket-name prefix',
      doc(pub({ Resource: 'arn:aws:s3:::photos*' })),
      'bucket',
      'Statement.Resource: resource "arn:aws:s3:::photos*" is outside bucket "photos"',
    ],
    [
      '"*" in a bucket policy',
      doc(pub({ Resource: '*' })),
      'bucket',
      'Statement.Resource: resource "*" is outside bucket "photos"',
    ],
  ])('%s', (_, json, kind, message) => {
    expect(() => parsePolicy(json, kind, 'photos')).toThrow(message)
  })
})
