import { describe, expect, it } from 'vitest'
import { type ConditionValues, evaluate, parsePolicy } from '../../../src/shared/policy/index.js'

/** True when a statement with `condition` allows a request with `values`. */
function holds(condition: object, values: ConditionValues): boolean {
  const policy = parsePolicy(
    JSON.stringify({
      Version: '2012-10-17',
      Statement: { Effect: 'Allow', Action: 's3:*', Resource: '*', Condition: condition },
    }),
    'iam',
  )
  return evaluate(policy, { action: 's3:ListBucket', bucket: 'b', conditions: values }) === 'allow'
}

type Row = [object, ConditionValues, boolean]
const table = (rows: Row[]) =>
  it.each(rows)('%j with %j → %s', (condition, values, expected) => {
    expect(holds(condition, values)).toBe(expected)
  })

describe('IpAddress / NotIpAddress', () => {
  const inNet = { IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '2001:db8::/32'] } }
  const notInNet = { NotIpAddress: { 'aws:SourceIp': '192.168.0.0/16' } }
  table([
    [inNet, { 'aws:SourceIp': '10.2.3.4' }, true],
    [inNet, { 'aws:SourceIp': '::ffff:10.2.3.4' }, true],
    [inNet, { 'aws:SourceIp': '2001:db8::7' }, true],
    [inNet, { 'aws:SourceIp': '11.0.0.1' }, false],
    [inNet, { 'aws:SourceIp': 'not-an-ip' }, false],
    [inNet, {}, false],
    [notInNet, { 'aws:SourceIp': '10.0.0.1' }, true],
    [notInNet, { 'aws:SourceIp': '192.168.4.4' }, false],
    [notInNet, {}, true],
  ])
})

describe('Null and Bool', () => {
  table([
    [{ Null: { 's3:x-amz-acl': 'true' } }, {}, true],
    [{ Null: { 's3:x-amz-acl': 'true' } }, { 's3:x-amz-acl': 'private' }, false],
    [{ Null: { 's3:x-amz-acl': false } }, { 's3:x-amz-acl': '' }, true],
    [{ Null: { 's3:x-amz-acl': 'false' } }, { 's3:x-amz-acl': [] }, false],
    [{ Bool: { 'aws:SecureTransport': 'true' } }, { 'aws:SecureTransport': 'true' }, true],
    [{ Bool: { 'aws:SecureTransport': true } }, { 'aws:SecureTransport': 'TRUE' }, true],
    [{ Bool: { 'aws:SecureTransport': 'true' } }, { 'aws:SecureTransport': 'false' }, false],
    [{ Bool: { 'aws:SecureTransport': 'false' } }, {}, false],
    [{ BoolIfExists: { 'aws:SecureTransport': 'false' } }, {}, true],
  ])
})

describe('string operators', () => {
  table([
    [{ StringEquals: { 's3:prefix': ['a/', 'b/'] } }, { 's3:prefix': 'b/' }, true],
    [{ StringEquals: { 's3:prefix': 'a/' } }, { 's3:prefix': 'A/' }, false],
    [{ StringEquals: { 'S3:PREFIX': 'a/' } }, { 's3:prefix': 'a/' }, true],
    [{ StringNotEquals: { 's3:prefix': ['a/', 'b/'] } }, { 's3:prefix': 'c/' }, true],
    [{ StringNotEquals: { 's3:prefix': ['a/', 'b/'] } }, { 's3:prefix': 'a/' }, false],
    [{ StringNotEquals: { 's3:prefix': 'a/' } }, {}, true],
    [{ StringEqualsIgnoreCase: { 'aws:UserAgent': 'Silo' } }, { 'aws:UserAgent': 'SILO' }, true],
    [{ StringNotEqualsIgnoreCase: { 'aws:UserAgent': 'Silo' } }, { 'aws:UserAgent': 'sIlO' }, false],
    [
      { StringLike: { 'aws:Referer': 'https://*.example.com/*' } },
      { 'aws:Referer': 'https://www.example.com/p' },
      true,
    ],
    [
      { StringLike: { 'aws:Referer': 'https://*.example.com/*' } },
      { 'aws:Referer': 'https://example.org/p' },
      false,
    ],
    [{ StringLike: { 's3:prefix': 'photos/20??/*' } }, { 's3:prefix': 'photos/2019/x' }, true],
    [{ StringLike: { 's3:prefix': 'photos/20??/*' } }, { 's3:prefix': 'photos/201/x' }, false],
    [{ StringNotLike: { 's3:prefix': 'secret*' } }, { 's3:prefix': 'secret/x' }, false],
    [{ StringNotLike: { 's3:prefix': 'secret*' } }, { 's3:prefix': 'open/x' }, true],
    [
      { StringLike: { 's3:prefix': 'a*' }, StringNotLike: { 's3:prefix': 'ab*' } },
      { 's3:prefix': 'ac' },
      true,
    ],
    [
      { StringLike: { 's3:prefix': 'a*' }, StringNotLike: { 's3:prefix': 'ab*' } },
      { 's3:prefix': 'abc' },
      false,
    ],
    [{ StringEquals: { 's3:prefix': 'a', 's3:delimiter': '/' } }, { 's3:prefix': 'a' }, false],
    [{ BinaryEquals: { 's3:x-amz-copy-source': 'YS9i' } }, { 's3:x-amz-copy-source': 'a/b' }, true],
    [{ BinaryNotEquals: { 's3:x-amz-copy-source': 'YS9i' } }, { 's3:x-amz-copy-source': 'a/c' }, true],
  ])
})

describe('ForAnyValue / ForAllValues', () => {
  const any = { 'ForAnyValue:StringEquals': { 's3:prefix': ['a', 'b'] } }
  const all = { 'ForAllValues:StringEquals': { 's3:prefix': ['a', 'b'] } }
  const anyNot = { 'ForAnyValue:StringNotEquals': { 's3:prefix': ['a', 'b'] } }
  const allNot = { 'ForAllValues:StringNotLike': { 's3:prefix': ['a*'] } }
  table([
    [any, { 's3:prefix': ['x', 'b'] }, true],
    [any, { 's3:prefix': ['x', 'y'] }, false],
    [any, { 's3:prefix': 'a' }, true],
    [any, {}, false],
    [all, { 's3:prefix': ['a', 'b', 'a'] }, true],
    [all, { 's3:prefix': ['a', 'x'] }, false],
    [all, { 's3:prefix': [] }, true],
    [all, {}, true],
    [anyNot, { 's3:prefix': ['a', 'x'] }, true],
    [anyNot, { 's3:prefix': ['a', 'b'] }, false],
    [allNot, { 's3:prefix': ['b', 'c'] }, true],
    [allNot, { 's3:prefix': ['b', 'ab'] }, false],
    [{ StringEquals: { 's3:prefix': 'a' } }, { 's3:prefix': ['x', 'a'] }, true],
    [{ StringNotEquals: { 's3:prefix': 'a' } }, { 's3:prefix': ['x', 'a'] }, false],
  ])
})

describe('...IfExists', () => {
  const ifExists = { StringEqualsIfExists: { 's3:x-amz-acl': 'private' } }
  const notIfExists = { NotIpAddressIfExists: { 'aws:SourceIp': '10.0.0.0/8' } }
  table([
    [ifExists, {}, true],
    [ifExists, { 's3:x-amz-acl': 'private' }, true],
    [ifExists, { 's3:x-amz-acl': 'public-read' }, false],
    [notIfExists, {}, true],
    [notIfExists, { 'aws:SourceIp': '10.1.1.1' }, false],
    [{ 'ForAnyValue:StringLikeIfExists': { 's3:prefix': 'a*' } }, {}, true],
  ])
})

describe('numeric and date operators', () => {
  const time = (iso: string) => ({ 'aws:CurrentTime': iso, 'aws:EpochTime': String(Date.parse(iso) / 1000) })
  table([
    [{ NumericLessThanEquals: { 's3:max-keys': '100' } }, { 's3:max-keys': '100' }, true],
    [{ NumericLessThan: { 's3:max-keys': 100 } }, { 's3:max-keys': '100' }, false],
    [{ NumericGreaterThan: { 's3:max-keys': '10' } }, { 's3:max-keys': '1e2' }, true],
    [{ NumericGreaterThanEquals: { 's3:max-keys': '10' } }, { 's3:max-keys': 'many' }, false],
    [{ NumericEquals: { 's3:max-keys': ['10', '20'] } }, { 's3:max-keys': '20.0' }, true],
    [{ NumericNotEquals: { 's3:max-keys': '10' } }, { 's3:max-keys': '11' }, true],
    [{ DateLessThan: { 'aws:CurrentTime': '2020-01-01T00:00:00Z' } }, time('2019-12-31T23:59:59Z'), true],
    [{ DateLessThan: { 'aws:CurrentTime': '2020-01-01T00:00:00Z' } }, time('2020-01-01T00:00:00Z'), false],
    [{ DateLessThanEquals: { 'aws:CurrentTime': '2020-01-01' } }, time('2020-01-01T00:00:00Z'), true],
    [
      { DateGreaterThan: { 'aws:CurrentTime': '2020-01-01T01:00:00+01:00' } },
      time('2020-01-01T00:00:01Z'),
      true,
    ],
    [
      { DateGreaterThanEquals: { 'aws:CurrentTime': '2020-01-01T00:00' } },
      time('2019-12-31T23:59:59Z'),
      false,
    ],
    [{ DateEquals: { 'aws:EpochTime': 1577836800 } }, time('2020-01-01T00:00:00Z'), true],
    [{ DateNotEquals: { 'aws:EpochTime': '1577836800' } }, time('2020-01-01T00:00:01Z'), true],
    [{ DateGreaterThan: { 'aws:EpochTime': '2019-06-01T00:00:00Z' } }, time('2020-01-01T00:00:00Z'), true],
    [{ DateLessThan: { 'aws:CurrentTime': '2020-01-01T00:00:00Z' } }, {}, false],
  ])
})
