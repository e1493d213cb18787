import { describe, expect, it } from 'vitest'
import { type PolicyKind, parsePolicy } from '../../../src/shared/policy/index.js'
import { allow, doc, variable } from './helpers.js'

describe('parsePolicy rejects a bad Condition or policy variable', () => {
  it.each<[string, string, PolicyKind, string]>([
    [
      'an unknown operator',
      doc(allow({ Condition: { StringEqual: { 's3:prefix': 'a' } } })),
      'iam',
      'Statement.Condition: unknown condition operator "StringEqual" (did you mean "StringEquals"?)',
    ],
    [
      'an unknown qualifier',
      doc(allow({ Condition: { 'ForSomeValues:StringLike': { 's3:prefix': 'a' } } })),
      'iam',
      'Statement.Condition: unknown set qualifier "ForSomeValues:"',
    ],
    [
      'NullIfExists',
      doc(allow({ Condition: { NullIfExists: { 's3:prefix': 'true' } } })),
      'iam',
      'Statement.Condition: "NullIfExists": Null takes no qualifier or IfExists',
    ],
    [
      'an unknown key',
      doc(allow({ Condition: { StringEquals: { 's3:prefx': 'a' } } })),
      'iam',
      'Statement.Condition.StringEquals: unknown condition key "s3:prefx" (did you mean "s3:prefix"?)',
    ],
    [
      'an empty operator',
      doc(allow({ Condition: { StringEquals: {} } })),
      'iam',
      'Statement.Condition.StringEquals: must name at least one condition key',
    ],
    [
      'an object value',
      doc(allow({ Condition: { StringEquals: { 's3:prefix': { a: 1 } } } })),
      'iam',
      'Statement.Condition.StringEquals["s3:prefix"]: must be a string, number or boolean, got an object',
    ],
    [
      'a bad CIDR',
      doc(allow({ Condition: { IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '10.0.0.0/33'] } } })),
      'iam',
      'Statement.Condition.IpAddress["aws:SourceIp"][1]: "10.0.0.0/33" is not an IPv4 or IPv6 address or CIDR block',
    ],
    [
      'IpAddress on a string key',
      doc(allow({ Condition: { IpAddress: { 'aws:Referer': '10.0.0.1' } } })),
      'iam',
      'operator IpAddress needs an IP address key such as aws:SourceIp, not aws:Referer',
    ],
    [
      'a bad number',
      doc(allow({ Condition: { NumericLessThan: { 's3:max-keys': '10k' } } })),
      'iam',
      '"10k" is not a number',
    ],
    [
      'a bad date',
      doc(allow({ Condition: { DateLessThan: { 'aws:CurrentTime': 'tomorrow' } } })),
      'iam',
      '"tomorrow" is not an ISO 8601 date or epoch seconds',
    ],
    [
      'a bad Bool',
      doc(allow({ Condition: { Bool: { 'aws:SecureTransport': 'yes' } } })),
      'iam',
      'Bool value must be "true" or "false", got "yes"',
    ],
    [
      'a bad Null',
      doc(allow({ Condition: { Null: { 's3:prefix': 1 } } })),
      'iam',
      'Null value must be "true" or "false", got "1"',
    ],
    [
      'a bad policy variable',
      doc(allow({ Resource: `arn:aws:s3:::h/${variable('aws:usrname')}/*` })),
      'iam',
      `Statement.Resource: unknown policy variable "${variable('aws:usrname')}" (did you mean "aws:username"?)`,
    ],
  ])('%s', (_, json, kind, message) => {
    expect(() => parsePolicy(json, kind, 'photos')).toThrow(message)
  })
})
