import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { conditionValues } from '../../../src/server/auth/condition-values.js'
import type { Identity } from '../../../src/server/auth/credentials.js'
import type { S3Route } from '../../../src/server/router/route-request.js'
import type { S3Operation } from '../../../src/shared/policy/index.js'

const USER: Identity = { accessKey: 'alice', root: false }
const ANON: Identity = { accessKey: '', root: false, anonymous: true }
const NOW = Date.parse('2026-01-02T03:04:05.000Z')
const SIGNED = { authorization: 'AWS4-HMAC-SHA256 Credential=alice/...', 'x-amz-date': '20260102T030400Z' }

interface Call {
  operation: S3Operation
  headers?: Record<string, string>
  query?: Array<[string, string]>
  identity?: Identity
  tls?: string
}

function valuesOf({ operation, headers = SIGNED, query = [], identity = USER, tls }: Call) {
  const socket = tls
    ? { remoteAddress: '10.0.0.9', encrypted: true, getProtocol: () => tls }
    : { remoteAddress: '10.0.0.9' }
  const req = { headers, socket } as unknown as IncomingMessage
  const level = operation.includes('Bucket') || operation.startsWith('List') ? 'bucket' : 'object'
  const route = {
    operation,
    level,
    bucket: 'b',
    key: level === 'object' ? 'k' : '',
    path: '/b/k',
    query,
  } as S3Route
  return conditionValues(req, route, identity, NOW)
}

const withHeaders = (extra: Record<string, string>) => ({ ...SIGNED, ...extra })

// [key, operation the header is a condition key for, header sent, value the policy sees,
//  an operation where S3 does not supply it even when the header is sent]
const HEADER_KEYS: Array<[string, S3Operation, Record<string, string>, string, S3Operation]> = [
  ['s3:x-amz-acl', 'PutObject', { 'x-amz-acl': 'private' }, 'private', 'GetObject'],
  ['s3:x-amz-acl', 'CreateBucket', { 'x-amz-acl': 'private' }, 'private', 'DeleteBucket'],
  ['s3:x-amz-acl', 'PutObjectAcl', { 'x-amz-acl': 'public-read' }, 'public-read', 'UploadPart'],
  ['s3:x-amz-grant-read', 'PutObject', { 'x-amz-grant-read': 'id="u1"' }, 'id="u1"', 'GetObject'],
  ['s3:x-amz-grant-write', 'CreateBucket', { 'x-amz-grant-write': 'id="u1"' }, 'id="u1"', 'HeadBucket'],
  [
    's3:x-amz-grant-read-acp',
    'PutBucketAcl',
    { 'x-amz-grant-read-acp': 'id="u1"' },
    'id="u1"',
    'GetBucketAcl',
  ],
  [
    's3:x-amz-grant-write-acp',
    'CopyObject',
    { 'x-amz-grant-write-acp': 'id="u1"' },
    'id="u1"',
    'DeleteObject',
  ],
  [
    's3:x-amz-grant-full-control',
    'CreateMultipartUpload',
    { 'x-amz-grant-full-control': 'id="u"' },
    'id="u"',
    'ListParts',
  ],
  ['s3:x-amz-storage-class', 'PutObject', { 'x-amz-storage-class': 'STANDARD' }, 'STANDARD', 'GetObject'],
  [
    's3:x-amz-server-side-encryption',
    'PutObject',
    { 'x-amz-server-side-encryption': 'AES256' },
    'AES256',
    'HeadObject',
  ],
  [
    's3:x-amz-server-side-encryption-aws-kms-key-id',
    'CreateMultipartUpload',
    { 'x-amz-server-side-encryption-aws-kms-key-id': 'k1' },
    'k1',
    'GetObject',
  ],
  [
    's3:x-amz-server-side-encryption-customer-algorithm',
    'PutObject',
    { 'x-amz-server-side-encryption-customer-algorithm': 'AES256' },
    'AES256',
    'ListObjects',
  ],
  [
    's3:x-amz-website-redirect-location',
    'PutObject',
    { 'x-amz-website-redirect-location': '/x' },
    '/x',
    'GetObject',
  ],
  ['s3:x-amz-copy-source', 'CopyObject', { 'x-amz-copy-source': '/src/k' }, '/src/k', 'PutObject'],
  ['s3:x-amz-copy-source', 'UploadPartCopy', { 'x-amz-copy-source': '/src/k' }, '/src/k', 'UploadPart'],
  [
    's3:x-amz-metadata-directive',
    'CopyObject',
    { 'x-amz-metadata-directive': 'REPLACE' },
    'REPLACE',
    'PutObject',
  ],
  ['s3:object-lock-mode', 'PutObject', { 'x-amz-object-lock-mode': 'GOVERNANCE' }, 'GOVERNANCE', 'GetObject'],
  ['s3:object-lock-legal-hold', 'PutObject', { 'x-amz-object-lock-legal-hold': 'ON' }, 'ON', 'GetObject'],
  [
    's3:object-lock-retain-until-date',
    'CopyObject',
    { 'x-amz-object-lock-retain-until-date': '2030-01-01T00:00:00Z' },
    '2030-01-01T00:00:00Z',
    'GetObject',
  ],
  [
    's3:x-amz-object-ownership',
    'CreateBucket',
    { 'x-amz-object-ownership': 'BucketOwnerEnforced' },
    'BucketOwnerEnforced',
    'PutObject',
  ],
  ['s3:if-none-match', 'PutObject', { 'if-none-match': '*' }, '*', 'GetObject'],
  ['s3:if-match', 'CompleteMultipartUpload', { 'if-match': '"e"' }, '"e"', 'HeadObject'],
  [
    's3:x-amz-content-sha256',
    'GetObject',
    { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    'UNSIGNED-PAYLOAD',
    'GetObject',
  ],
]

describe('request headers become condition keys for the operations S3 supplies them for', () => {
  it.each(HEADER_KEYS)('%s on %s', (key, operation, header, expected, elsewhere) => {
    expect(valuesOf({ operation, headers: withHeaders(header) })[key]).toBe(expected)
    expect(valuesOf({ operation })[key]).toBeUndefined()
    if (key !== 's3:x-amz-content-sha256') {
      expect(valuesOf({ operation: elsewhere, headers: withHeaders(header) })[key]).toBeUndefined()
    }
  })
})

describe('keys derived from the request', () => {
  it('object tags of the request (x-amz-tagging) on PutObject, CreateMultipartUpload and CopyObject', () => {
    const headers = withHeaders({ 'x-amz-tagging': 'env=prod&team%20a=x%26y&empty=' })
    for (const operation of ['PutObject', 'CreateMultipartUpload', 'CopyObject'] as const) {
      const v = valuesOf({ operation, headers })
      expect(v['s3:RequestObjectTag/env']).toBe('prod')
      expect(v['s3:RequestObjectTag/team a']).toBe('x&y')
      expect(v['s3:RequestObjectTag/empty']).toBe('')
      expect(v['s3:RequestObjectTagKeys']).toEqual(['env', 'team a', 'empty'])
    }
    expect(valuesOf({ operation: 'GetObject', headers })['s3:RequestObjectTagKeys']).toBeUndefined()
    expect(valuesOf({ operation: 'PutObject' })['s3:RequestObjectTagKeys']).toBeUndefined()
  })

  it('no existing object tag is ever present: Silo stores none, so every object is untagged', () => {
    const v = valuesOf({ operation: 'GetObject' })
    expect(Object.keys(v).filter((k) => k.startsWith('s3:ExistingObjectTag/'))).toEqual([])
  })

  it('s3:ObjectCreationOperation: true for writes that make an object, false for other PutObject steps', () => {
    for (const op of ['PutObject', 'CopyObject', 'CompleteMultipartUpload', 'PostObject'] as const) {
      expect(valuesOf({ operation: op })['s3:ObjectCreationOperation']).toBe('true')
    }
    for (const op of ['CreateMultipartUpload', 'UploadPart', 'UploadPartCopy'] as const) {
      expect(valuesOf({ operation: op })['s3:ObjectCreationOperation']).toBe('false')
    }
    expect(valuesOf({ operation: 'GetObject' })['s3:ObjectCreationOperation']).toBeUndefined()
  })

  it('listing parameters on listings only', () => {
    const query: Array<[string, string]> = [
      ['prefix', 'a/'],
      ['delimiter', '/'],
      ['max-keys', '5'],
    ]
    const v = valuesOf({ operation: 'ListObjectsV2', query })
    expect([v['s3:prefix'], v['s3:delimiter'], v['s3:max-keys']]).toEqual(['a/', '/', '5'])
    expect(valuesOf({ operation: 'ListObjectVersions', query })['s3:prefix']).toBe('a/')
    expect(valuesOf({ operation: 'ListObjectsV2' })['s3:prefix']).toBeUndefined()
    expect(valuesOf({ operation: 'GetObject', query })['s3:prefix']).toBeUndefined()
  })

  it('s3:VersionId from the versionId parameter of object requests', () => {
    expect(valuesOf({ operation: 'GetObject', query: [['versionId', 'v1']] })['s3:VersionId']).toBe('v1')
    expect(valuesOf({ operation: 'DeleteObject', query: [['versionId', 'v2']] })['s3:VersionId']).toBe('v2')
    expect(valuesOf({ operation: 'GetObject' })['s3:VersionId']).toBeUndefined()
  })

  it('signature keys: version, auth type, age in milliseconds (header and presigned)', () => {
    const v = valuesOf({ operation: 'GetObject' })
    expect(v['s3:signatureversion']).toBe('AWS4-HMAC-SHA256')
    expect(v['s3:authType']).toBe('REST-HEADER')
    expect(v['s3:signatureAge']).toBe('5000')
    const presigned = valuesOf({
      operation: 'GetObject',
      headers: {},
      query: [
        ['X-Amz-Date', '20260102T030300Z'],
        ['X-Amz-Signature', 'abc'],
      ],
    })
    expect(presigned['s3:authType']).toBe('REST-QUERY-STRING')
    expect(presigned['s3:signatureAge']).toBe('65000')
    const anonymous = valuesOf({ operation: 'GetObject', headers: {}, identity: ANON })
    expect(anonymous['s3:signatureversion']).toBeUndefined()
    expect(anonymous['s3:signatureAge']).toBeUndefined()
    const post = valuesOf({ operation: 'PostObject', headers: {} })
    expect([post['s3:authType'], post['s3:signatureversion']]).toEqual(['POST', 'AWS4-HMAC-SHA256'])
    expect(
      valuesOf({ operation: 'PostObject', headers: {}, identity: ANON })['s3:signatureversion'],
    ).toBeUndefined()
  })

  it('s3:TlsVersion over TLS only, as a number', () => {
    expect(valuesOf({ operation: 'GetObject', tls: 'TLSv1.3' })['s3:TlsVersion']).toBe('1.3')
    expect(valuesOf({ operation: 'GetObject', tls: 'TLSv1.3' })['aws:SecureTransport']).toBe('true')
    expect(valuesOf({ operation: 'GetObject' })['s3:TlsVersion']).toBeUndefined()
  })

  it('keys no Silo request has stay absent (access points, VPC, MFA, accounts, principal tags)', () => {
    const v = valuesOf({ operation: 'GetObject' })
    for (const key of [
      's3:DataAccessPointArn',
      's3:DataAccessPointAccount',
      's3:AccessPointNetworkOrigin',
      's3:ResourceAccount',
      'aws:SourceVpc',
      'aws:SourceVpce',
      'aws:MultiFactorAuthPresent',
      'aws:PrincipalAccount',
      'aws:PrincipalArn',
      's3:LocationConstraint',
    ]) {
      expect(v[key], key).toBeUndefined()
    }
    expect(v['aws:PrincipalIsAWSService']).toBe('false')
    expect(v['aws:ViaAWSService']).toBe('false')
  })

  it('every key filled is one a policy may name', async () => {
    const { canonicalConditionKey } = await import('../../../src/shared/policy/index.js')
    const v = valuesOf({
      operation: 'PutObject',
      headers: withHeaders({
        'x-amz-tagging': 'a=b',
        'x-amz-acl': 'private',
        'user-agent': 'ua',
        referer: 'r',
      }),
      query: [['versionId', 'v']],
      tls: 'TLSv1.2',
    })
    for (const key of Object.keys(v)) expect(canonicalConditionKey(key), key).toBe(key)
  })
})
