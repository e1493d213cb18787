/**
 * The server refuses a signed request carrying an `x-amz-*` header its signature does not cover
 * (issue 12, defect 2). So the SDK must sign every `x-amz-*` header it sends: user metadata,
 * storage class, copy source and its conditions, multipart uploads; and its presigned URLs
 * carry no `x-amz-*` header at all (everything is in the signed query).
 */
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { CopyConditions } from '../../src/index.js'
import { copyObjectResponse, MOCK_BASE, mockClient, useMockServer } from './support/msw.js'
import { recomputeSignature } from './support/verify-sigv4.js'

const { server, seen } = useMockServer()
const SECRET = 'signs-amz-headers-secret'

/** Every request seen so far: its x-amz-* headers not in SignedHeaders, and a valid signature. */
function unsignedAmzHeaders(): string[] {
  const unsigned: string[] = []
  for (const request of seen) {
    const { expected, actual, signedHeaders } = recomputeSignature(
      {
        method: request.method,
        target: request.url.pathname + request.url.search,
        header: (name) => (name === 'host' ? request.url.host : request.headers.get(name)),
      },
      SECRET,
    )
    expect(actual).toBe(expected)
    for (const [name] of request.headers) {
      if (name.startsWith('x-amz-') && !signedHeaders.includes(name))
        unsigned.push(`${request.method} ${name}`)
    }
  }
  return unsigned
}

describe('the SDK signs every x-amz-* header it sends', () => {
  it('putObject with user metadata, storage class and an x-amz-* pass-through header', async () => {
    server.use(
      http.put(`${MOCK_BASE}/photos/a.txt`, () => new HttpResponse(null, { headers: { etag: '"e"' } })),
    )
    await mockClient({ secretKey: SECRET }).putObject('photos', 'a.txt', 'hello', undefined, {
      owner: 'ana',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      'X-Amz-Website-Redirect-Location': '/b.txt',
    })
    const h = seen[0]!.headers
    expect(h.get('x-amz-meta-owner')).toBe('ana')
    expect(h.get('x-amz-storage-class')).toBe('REDUCED_REDUNDANCY')
    expect(unsignedAmzHeaders()).toEqual([])
  })

  it('copyObject with its source and conditions', async () => {
    server.use(http.put(`${MOCK_BASE}/photos/copy.jpg`, () => copyObjectResponse()))
    const conds = new CopyConditions()
    conds.setMatchETag('abc')
    conds.setModified(new Date('2024-01-01T00:00:00Z'))
    await mockClient({ secretKey: SECRET }).copyObject('photos', 'copy.jpg', '/src/a.jpg', conds)
    expect(seen[0]!.headers.get('x-amz-copy-source')).toBe('/src/a.jpg')
    expect(unsignedAmzHeaders()).toEqual([])
  })

  it('presigned URLs sign the host only: whoever uses one may add no x-amz-* header', async () => {
    const client = mockClient({ secretKey: SECRET })
    const put = new URL(await client.presignedPutObject('photos', 'a.txt', 60))
    expect(put.searchParams.get('X-Amz-SignedHeaders')).toBe('host')
    const params = { 'response-content-type': 'text/plain' }
    const get = new URL(await client.presignedGetObject('photos', 'a.txt', 60, params))
    expect(get.searchParams.get('X-Amz-SignedHeaders')).toBe('host')
    expect(get.searchParams.get('response-content-type')).toBe('text/plain')
  })
})
