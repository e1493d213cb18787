import { describe, expect, it } from 'vitest'
import { isS3ServerError } from '../../../src/server/errors.js'
import { queryNamesOf } from '../../../src/server/router/match-route.js'
import { routeRequest } from '../../../src/server/router/route-request.js'
import { ROUTE_TABLE } from '../../../src/server/router/route-table.js'
import { S3_SUBRESOURCES } from '../../../src/server/router/subresources.js'

const METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'] as const
const TARGETS = { bucket: '/bkt', object: '/bkt/k' } as const

/** The operation, or the error code the router answers with. */
function routeOf(method: string, url: string, headers: Record<string, string> = {}): string {
  try {
    return routeRequest({ method, url, headers: { host: 'localhost', ...headers } }).operation
  } catch (e) {
    if (!isS3ServerError(e)) throw e
    return `${e.code}: ${e.message}`
  }
}

// The condition of each routed operation: which query names it routes on.
const NAMES_OF = new Map(
  ROUTE_TABLE.map(([, , condition, operation]) => [operation, queryNamesOf(condition)]),
)

describe('router: every subresource × method × level', () => {
  const cases = [...S3_SUBRESOURCES].flatMap((sub) =>
    METHODS.flatMap((method) => (['bucket', 'object'] as const).map((level) => ({ sub, method, level }))),
  )
  it.each(cases)(
    '$method $level ?$sub reaches only an operation that routes on it',
    ({ sub, method, level }) => {
      // A value on the subresource, as SDKs send some (?uploadId=1, ?versions=) — routed the same.
      for (const query of [sub, `${sub}=1`, `${sub}&prefix=a&x-id=Op`]) {
        const answer = routeOf(method, `${TARGETS[level]}?${query}`)
        if (method === 'HEAD') {
          // HEAD has no document to mis-serve: S3 answers it as HeadBucket / HeadObject.
          expect(answer).toBe(level === 'bucket' ? 'HeadBucket' : 'HeadObject')
          continue
        }
        if (/^[A-Z][A-Za-z]+$/.test(answer)) {
          expect(NAMES_OF.get(answer as never)?.has(sub), `${answer} for ?${query}`).toBe(true)
        } else {
          expect(answer).toMatch(/^(NotImplemented|InvalidRequest): /)
          expect(answer).toContain(method)
          expect(answer).toContain(sub)
        }
      }
    },
  )
})

describe('router: subresources S3 defines and Silo does not implement', () => {
  it.each([
    ['PUT', '/bkt?publicAccessBlock', 'PutPublicAccessBlock'],
    ['GET', '/bkt?publicAccessBlock', 'GetPublicAccessBlock'],
    ['DELETE', '/bkt?publicAccessBlock', 'DeletePublicAccessBlock'],
    ['PUT', '/bkt?ownershipControls', 'PutBucketOwnershipControls'],
    ['GET', '/bkt?ownershipControls', 'GetBucketOwnershipControls'],
    ['GET', '/bkt?policyStatus', 'GetBucketPolicyStatus'],
    ['GET', '/bkt?analytics', 'ListBucketAnalyticsConfigurations'],
    ['GET', '/bkt?analytics&id=a', 'GetBucketAnalyticsConfiguration'],
    ['GET', '/bkt?inventory&id=a', 'GetBucketInventoryConfiguration'],
    ['PUT', '/bkt?logging', 'PutBucketLogging'],
    ['POST', '/bkt?metadataTable', 'CreateBucketMetadataTableConfiguration'],
    ['PUT', '/bkt?website', 'PutBucketWebsite'],
    ['DELETE', '/bkt?replication', 'DeleteBucketReplication'],
    ['PUT', '/bkt?requestPayment', 'PutBucketRequestPayment'],
    ['GET', '/bkt/k?torrent', 'GetObjectTorrent'],
  ])('%s %s → %s (its own row, never CreateBucket / ListObjects / GetObject)', (method, url, operation) => {
    expect(routeOf(method, url)).toBe(operation)
  })

  it.each([
    ['GET', '/bkt?session', 'NotImplemented: GET ?session on a bucket is not implemented by Silo.'],
    [
      'PUT',
      '/bkt/k?renameObject',
      'NotImplemented: PUT ?renameObject on a object is not implemented by Silo.',
    ],
    ['DELETE', '/bkt?location', 'NotImplemented: DELETE ?location on a bucket is not implemented by Silo.'],
    ['GET', '/bkt/k?policy', 'NotImplemented: GET ?policy on a object is not implemented by Silo.'],
    ['PUT', '/bkt/k?uploadId=1', 'InvalidRequest: PUT ?uploadId on a object also needs partNumber.'],
    ['POST', '/bkt/k?select', 'InvalidRequest: POST ?select on a object also needs select-type=2.'],
    ['GET', '/bkt?acl&tagging', 'NotImplemented: GET ?acl&tagging on a bucket is not implemented by Silo.'],
  ])('%s %s is refused: %s', (method, url, answer) => {
    expect(routeOf(method, url)).toBe(answer)
  })
})

describe('router: query parameters that are not subresources keep working', () => {
  it.each([
    ['GET', '/bkt?prefix=a&max-keys=2&delimiter=/&marker=x', 'ListObjects'],
    ['GET', '/bkt?list-type=2&continuation-token=&encoding-type=url&x-id=ListObjectsV2', 'ListObjectsV2'],
    ['GET', '/bkt/k?versionId=1&partNumber=2&response-content-type=text/plain', 'GetObject'],
    ['HEAD', '/bkt/k?partNumber=1&versionId=null', 'HeadObject'],
    ['PUT', '/bkt/k?x-id=PutObject', 'PutObject'],
    ['PUT', '/bkt/k?partNumber=1&uploadId=u&x-id=UploadPart', 'UploadPart'],
    ['DELETE', '/bkt/k?versionId=1&x-id=DeleteObject', 'DeleteObject'],
    ['PUT', '/bkt?x-id=CreateBucket', 'CreateBucket'],
    [
      'GET',
      '/bkt/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=a%2F20250101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20250101T000000Z&X-Amz-Expires=60&X-Amz-SignedHeaders=host&X-Amz-Signature=00',
      'GetObject',
    ],
    ['GET', '/bkt/k?acl&versionId=3', 'GetObjectAcl'],
    ['GET', '/bkt/k?uploadId=u&max-parts=2&part-number-marker=1', 'ListParts'],
  ])('%s %s → %s', (method, url, operation) => {
    expect(routeOf(method, url)).toBe(operation)
  })

  it('a copy source still selects CopyObject / UploadPartCopy', () => {
    const copy = { 'x-amz-copy-source': '/bkt/src' }
    expect(routeOf('PUT', '/bkt/k', copy)).toBe('CopyObject')
    expect(routeOf('PUT', '/bkt/k?partNumber=1&uploadId=u', copy)).toBe('UploadPartCopy')
  })

  it('a method with no row and no subresource stays 405 (HEAD whatever its query)', () => {
    expect(routeOf('POST', '/')).toMatch(/^MethodNotAllowed/)
    expect(routeOf('HEAD', '/?versioning')).toMatch(/^MethodNotAllowed/)
  })
})
