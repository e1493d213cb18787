import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { MOCK_BASE, mockClient, useMockServer } from './support/msw.js'

const { server, seen } = useMockServer()

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

describe('object operations', () => {
  it('getObject resolves with a readable stream of the body', async () => {
    server.use(http.get(`${MOCK_BASE}/photos/a.txt`, () => HttpResponse.text('hello world')))
    const stream = await mockClient().getObject('photos', 'a.txt')
    expect(typeof stream.pipe).toBe('function')
    expect(await readAll(stream)).toBe('hello world')
  })

  it('getObject sends versionId in the query and SSE-C keys as headers only', async () => {
    server.use(http.get(`${MOCK_BASE}/photos/a.txt`, () => HttpResponse.text('x')))
    const stream = await mockClient().getObject('photos', 'a.txt', {
      versionId: 'v2',
      SSECustomerAlgorithm: 'AES256',
      SSECustomerKey: 'c2VjcmV0',
      SSECustomerKeyMD5: 'bWQ1',
    })
    stream.resume()
    const request = seen[0]!
    expect(request.url.search).toBe('?versionId=v2')
    expect(request.headers.get('x-amz-server-side-encryption-customer-algorithm')).toBe('AES256')
    expect(request.headers.get('x-amz-server-side-encryption-customer-key')).toBe('c2VjcmV0')
    expect(request.headers.get('x-amz-server-side-encryption-customer-key-md5')).toBe('bWQ1')
  })

  it('statObject reads size, etag, date, version and metadata (x-amz-meta- stripped)', async () => {
    server.use(
      http.head(
        `${MOCK_BASE}/photos/a.jpg`,
        () =>
          new HttpResponse(null, {
            headers: {
              'content-length': '1234',
              etag: '"abc123"',
              'last-modified': 'Tue, 02 Jan 2024 03:04:05 GMT',
              'x-amz-version-id': 'v9',
              'content-type': 'image/jpeg',
              'cache-control': 'no-cache',
              'x-amz-meta-randomstuff': 'yes',
              'x-amz-meta-testing': '1',
              'x-amz-storage-class': 'STANDARD',
              'x-amz-request-id': 'not-metadata',
              server: 'silo',
            },
          }),
      ),
    )
    expect(await mockClient().statObject('photos', 'a.jpg', { versionId: 'v9' })).toEqual({
      size: 1234,
      etag: 'abc123',
      lastModified: new Date('2024-01-02T03:04:05Z'),
      versionId: 'v9',
      metaData: {
        'content-type': 'image/jpeg',
        'cache-control': 'no-cache',
        randomstuff: 'yes',
        testing: '1',
        'x-amz-storage-class': 'STANDARD',
      },
    })
    expect(seen[0]!.url.search).toBe('?versionId=v9')
  })

  it('removeObject sends versionId and the bypass/force headers', async () => {
    server.use(http.delete(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { status: 204 })))
    await mockClient().removeObject('photos', 'a', {
      versionId: 'v1',
      governanceBypass: true,
      forceDelete: true,
    })
    const request = seen[0]!
    expect(request.url.search).toBe('?versionId=v1')
    expect(request.headers.get('x-amz-bypass-governance-retention')).toBe('true')
    expect(request.headers.get('x-minio-force-delete')).toBe('true')
  })

  it('removeBucket sends DELETE /bucket', async () => {
    server.use(http.delete(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 204 })))
    await mockClient().removeBucket('photos')
    expect(seen.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['DELETE /photos'])
  })

  it('listBuckets returns names as strings and dates as Dates', async () => {
    server.use(
      http.get(`${MOCK_BASE}/`, () =>
        HttpResponse.xml(
          '<ListAllMyBucketsResult><Buckets>' +
            '<Bucket><Name>1234</Name><CreationDate>2024-01-01T00:00:00.000Z</CreationDate></Bucket>' +
            '<Bucket><Name>photos</Name><CreationDate>2024-02-01T00:00:00.000Z</CreationDate></Bucket>' +
            '</Buckets></ListAllMyBucketsResult>',
        ),
      ),
    )
    expect(await mockClient().listBuckets()).toEqual([
      { name: '1234', creationDate: new Date('2024-01-01T00:00:00.000Z') },
      { name: 'photos', creationDate: new Date('2024-02-01T00:00:00.000Z') },
    ])
  })
})
