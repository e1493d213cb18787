import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { MOCK_BASE, mockClient, useMockServer } from './support/msw.js'

const { server, seen } = useMockServer()
const credentialRegion = (i: number) =>
  /Credential=[^/]+\/\d{8}\/([^/]+)\//.exec(seen[i]!.headers.get('authorization')!)?.[1]
/** A mock client with this region, or none (then it asks the bucket's location). */
const newClient = (region?: string) => mockClient({ region })
const location = (region: string) =>
  HttpResponse.xml(
    `<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${region}</LocationConstraint>`,
  )

describe('bucket region', () => {
  it('is looked up once per bucket (GetBucketLocation signed for us-east-1), then cached', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, ({ request }) =>
        new URL(request.url).searchParams.has('location') ? location('eu-central-1') : undefined,
      ),
      http.head(`${MOCK_BASE}/photos/*`, () => new HttpResponse(null, { status: 200 })),
    )
    const client = newClient()
    await Promise.all([client.statObject('photos', 'a'), client.statObject('photos', 'b')])
    await client.statObject('photos', 'c')
    expect(seen.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      'GET /photos?location=',
      'HEAD /photos/a',
      'HEAD /photos/b',
      'HEAD /photos/c',
    ])
    expect(credentialRegion(0)).toBe('us-east-1')
    expect([1, 2, 3].map(credentialRegion)).toEqual(['eu-central-1', 'eu-central-1', 'eu-central-1'])
  })

  it('is never looked up when the client has a region', async () => {
    server.use(http.head(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { status: 200 })))
    await newClient('ap-south-1').statObject('photos', 'a')
    expect(seen).toHaveLength(1)
    expect(credentialRegion(0)).toBe('ap-south-1')
  })

  it('falls back to us-east-1 when the lookup is denied', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, () =>
        HttpResponse.xml('<Error><Code>AccessDenied</Code><Message>Access Denied.</Message></Error>', {
          status: 403,
        }),
      ),
      http.head(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { status: 200 })),
    )
    await newClient().statObject('photos', 'a')
    expect(credentialRegion(1)).toBe('us-east-1')
  })

  it('treats an empty LocationConstraint as us-east-1', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, () => HttpResponse.xml('<LocationConstraint/>')),
      http.head(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { status: 200 })),
    )
    await newClient().statObject('photos', 'a')
    expect(credentialRegion(1)).toBe('us-east-1')
  })

  it('does not cache a failed lookup', async () => {
    let calls = 0
    server.use(
      http.get(`${MOCK_BASE}/photos`, () => {
        calls++
        return calls === 1 ? new HttpResponse('boom', { status: 500 }) : location('us-west-2')
      }),
      http.head(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { status: 200 })),
    )
    const client = newClient()
    await expect(client.statObject('photos', 'a')).rejects.toMatchObject({ name: 'S3Error', statusCode: 500 })
    await client.statObject('photos', 'a')
    expect(credentialRegion(2)).toBe('us-west-2')
  })

  it('retries once in the region an AuthorizationHeaderMalformed error names, and remembers it', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, () => location('us-east-1')),
      http.head(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { status: 200 })),
      http.delete(`${MOCK_BASE}/photos/a`, ({ request }) =>
        request.headers.get('authorization')!.includes('/eu-west-3/')
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.xml(
              '<Error><Code>AuthorizationHeaderMalformed</Code><Message>wrong region</Message><Region>eu-west-3</Region></Error>',
              { status: 400 },
            ),
      ),
    )
    const client = newClient()
    await client.removeObject('photos', 'a')
    await client.statObject('photos', 'a')
    expect(seen.map((_, i) => credentialRegion(i))).toEqual([
      'us-east-1',
      'us-east-1',
      'eu-west-3',
      'eu-west-3',
    ])
  })

  it('makeBucket signs for the requested region, sends a LocationConstraint, and caches it', async () => {
    server.use(
      http.put(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 200 })),
      http.head(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 200 })),
    )
    const client = newClient()
    await client.makeBucket('photos', 'eu-north-1', { ObjectLocking: true })
    expect(await client.bucketExists('photos')).toBe(true)
    expect(seen).toHaveLength(2)
    expect([credentialRegion(0), credentialRegion(1)]).toEqual(['eu-north-1', 'eu-north-1'])
    expect(new TextDecoder().decode(await seen[0]!.body)).toContain(
      '<LocationConstraint>eu-north-1</LocationConstraint>',
    )
    expect(seen[0]!.headers.get('x-amz-bucket-object-lock-enabled')).toBe('true')
  })

  it('makeBucket in us-east-1 sends no body; a conflicting region is an InvalidArgumentError', async () => {
    server.use(http.put(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 200 })))
    await newClient().makeBucket('photos')
    expect((await seen[0]!.body).byteLength).toBe(0)
    expect(credentialRegion(0)).toBe('us-east-1')
    await expect(newClient('eu-west-1').makeBucket('photos', 'us-west-2')).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: expect.stringContaining('configured for region "eu-west-1"'),
    })
  })

  it('listBuckets needs no lookup', async () => {
    server.use(
      http.get(`${MOCK_BASE}/`, () =>
        HttpResponse.xml('<ListAllMyBucketsResult><Buckets/></ListAllMyBucketsResult>'),
      ),
    )
    expect(await newClient().listBuckets()).toEqual([])
    expect(seen).toHaveLength(1)
    expect(credentialRegion(0)).toBe('us-east-1')
  })
})
