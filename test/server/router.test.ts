import { describe, expect, it } from 'vitest'
import { isS3ServerError } from '../../src/server/errors.js'
import { routeRequest } from '../../src/server/router/route-request.js'
import { actionsForOperation } from '../../src/shared/policy/index.js'

const route = (method: string, url: string, headers: Record<string, string> = {}, domain?: string) =>
  routeRequest({ method, url, headers: { host: 'localhost:9000', ...headers } }, domain)

describe('router: method + path + query → operation', () => {
  it.each([
    ['GET', '/', 'ListBuckets'],
    ['PUT', '/b1b', 'CreateBucket'],
    ['HEAD', '/b1b', 'HeadBucket'],
    ['DELETE', '/b1b', 'DeleteBucket'],
    ['GET', '/b1b?location', 'GetBucketLocation'],
    ['GET', '/b1b/?location=', 'GetBucketLocation'],
    ['GET', '/b1b', 'ListObjects'],
    ['GET', '/b1b?list-type=2&prefix=a', 'ListObjectsV2'],
    ['GET', '/b1b?list-type=1', 'ListObjects'],
    ['GET', '/b1b?uploads', 'ListMultipartUploads'],
    ['GET', '/b1b?versions', 'ListObjectVersions'],
    ['GET', '/b1b?policy', 'GetBucketPolicy'],
    ['PUT', '/b1b?policy', 'PutBucketPolicy'],
    ['DELETE', '/b1b?policy', 'DeleteBucketPolicy'],
    ['GET', '/b1b?notification', 'GetBucketNotificationConfiguration'],
    ['PUT', '/b1b?notification', 'PutBucketNotificationConfiguration'],
    ['GET', '/b1b?events=s3:ObjectCreated:*', 'ListenBucketNotification'],
    ['POST', '/b1b?delete', 'DeleteObjects'],
    ['POST', '/b1b', 'PostObject'],
    ['PUT', '/b1b/k', 'PutObject'],
    ['PUT', '/b1b/a/b/c.txt', 'PutObject'],
    ['GET', '/b1b/k', 'GetObject'],
    ['HEAD', '/b1b/k', 'HeadObject'],
    ['DELETE', '/b1b/k', 'DeleteObject'],
    ['POST', '/b1b/k?uploads', 'CreateMultipartUpload'],
    ['PUT', '/b1b/k?uploadId=1&partNumber=2', 'UploadPart'],
    ['POST', '/b1b/k?uploadId=1', 'CompleteMultipartUpload'],
    ['DELETE', '/b1b/k?uploadId=1', 'AbortMultipartUpload'],
    ['GET', '/b1b/k?uploadId=1', 'ListParts'],
    ['GET', '/b1b/k?tagging', 'GetObjectTagging'],
    ['POST', '/b1b/k?select&select-type=2', 'SelectObjectContent'],
  ])('%s %s → %s', (method, url, operation) => {
    expect(route(method, url).operation).toBe(operation)
  })

  it.each([
    ['PUT', '/b1b/k', { 'x-amz-copy-source': '/src/k' }, 'CopyObject'],
    ['PUT', '/b1b/k?uploadId=1&partNumber=2', { 'x-amz-copy-source': '/src/k' }, 'UploadPartCopy'],
  ])('%s %s with a copy source → %s', (method, url, headers, operation) => {
    expect(route(method, url, headers).operation).toBe(operation)
  })

  it('names an operation whose IAM action the permission table gives', () => {
    const action = (method: string, url: string) =>
      actionsForOperation(route(method, url).operation)[0]?.action
    expect(action('GET', '/')).toBe('s3:ListAllMyBuckets')
    expect(action('HEAD', '/b1b/k')).toBe('s3:GetObject')
    expect(action('GET', '/b1b?list-type=2')).toBe('s3:ListBucket')
    expect(action('PUT', '/b1b/k?uploadId=1&partNumber=2')).toBe('s3:PutObject')
  })
})

describe('router: bucket and key', () => {
  it('decodes the key and keeps every character, including dot segments and slashes', () => {
    const r = route('PUT', '/b1b/a%20b/../c%2Bd+e//f')
    expect(r).toMatchObject({ bucket: 'b1b', key: 'a b/../c+d+e//f', path: '/b1b/a b/../c+d+e//f' })
  })

  it('decodes the query, + as space', () => {
    expect(route('GET', '/b1b?list-type=2&prefix=a%2Fb+c').query).toEqual([
      ['list-type', '2'],
      ['prefix', 'a/b c'],
    ])
  })

  it('treats a trailing slash after the bucket as the bucket', () => {
    expect(route('GET', '/b1b/')).toMatchObject({ operation: 'ListObjects', bucket: 'b1b', key: '' })
  })

  it('supports virtual-host style when a domain is configured', () => {
    const r = route('GET', '/photos/a.jpg', { host: 'b1b.s3.local:9000' }, 's3.local')
    expect(r).toMatchObject({ operation: 'GetObject', bucket: 'b1b', key: 'photos/a.jpg' })
    expect(route('GET', '/', { host: 's3.local:9000' }, 's3.local').operation).toBe('ListBuckets')
    expect(route('GET', '/b1b/k', { host: 'other.host' }, 's3.local')).toMatchObject({
      bucket: 'b1b',
      key: 'k',
    })
  })
})

describe('router: errors', () => {
  const codeOf = (fn: () => unknown) => {
    try {
      fn()
    } catch (e) {
      if (isS3ServerError(e)) return { code: e.code, message: e.message }
      throw e
    }
    throw new Error('expected an S3ServerError')
  }

  it.each([
    ['PUT', '/Bad_Bucket', 'InvalidBucketName', /lower-case letters/],
    ['PUT', '/ab', 'InvalidBucketName', /3 to 63/],
    ['GET', `/b1b/${'k'.repeat(1025)}`, 'KeyTooLongError', /1024/],
    // 342 three-byte characters: few UTF-16 units, but 1,026 bytes of UTF-8.
    ['GET', `/b1b/${encodeURIComponent('ሴ'.repeat(342))}`, 'KeyTooLongError', /1024/],
    // Refused every time, even after valid names were remembered.
    ['GET', '/Bad_Bucket/k', 'InvalidBucketName', /lower-case letters/],
    ['GET', '/b1b/%E0%A4%A', 'InvalidArgument', /percent-encoded/],
    ['PATCH', '/b1b/k', 'MethodNotAllowed', /PATCH/],
    ['PUT', '/', 'MethodNotAllowed', /service/],
    // Every POST on an object names a subresource; without a query none matches.
    ['POST', '/b1b/k', 'MethodNotAllowed', /POST/],
  ])('%s %s → %s', (method, url, code, message) => {
    const e = codeOf(() => route(method, url))
    expect(e.code).toBe(code)
    expect(e.message).toMatch(message)
  })
})
