import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  AnonymousRequestError,
  Client,
  ExpiresParamError,
  InvalidObjectNameError,
} from '../../../src/index.js'
import { useMockServer } from '../support/msw.js'

const { server, seen } = useMockServer()

// AWS's published presigned-URL example (S3 SigV4 reference, "Authenticating Requests: Using
// Query Parameters"): GET examplebucket/test.txt, 24 hours, signed 2013-05-24T00:00:00Z.
const AWS_EXAMPLE = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  date: new Date(Date.UTC(2013, 4, 24)),
  signature: 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
}

const local = (options: Partial<ConstructorParameters<typeof Client>[0]> = {}) =>
  new Client({
    endPoint: 'localhost',
    port: 9000,
    useSSL: false,
    accessKey: 'AK',
    secretKey: 'SECRETKEY',
    region: 'us-east-1',
    ...options,
  })

describe('presignedUrl', () => {
  it("reproduces AWS's published presigned URL signature", async () => {
    const client = new Client({
      endPoint: 's3.amazonaws.com',
      accessKey: AWS_EXAMPLE.accessKey,
      secretKey: AWS_EXAMPLE.secretKey,
      region: 'us-east-1',
    })
    const url = new URL(
      await client.presignedGetObject('examplebucket', 'test.txt', 86400, {}, AWS_EXAMPLE.date),
    )
    expect(url.origin).toBe('https://examplebucket.s3.amazonaws.com')
    expect(url.pathname).toBe('/test.txt')
    expect(url.searchParams.get('X-Amz-Credential')).toBe(
      'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
    )
    expect(url.searchParams.get('X-Amz-Expires')).toBe('86400')
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host')
    expect(url.searchParams.get('X-Amz-Signature')).toBe(AWS_EXAMPLE.signature)
  })

  it('signs without any request when the region is configured', async () => {
    const url = await local().presignedPutObject('photos', 'a b/ü.jpg', 600)
    expect(seen).toEqual([])
    expect(url).toMatch(
      /^http:\/\/localhost:9000\/photos\/a%20b\/%C3%BC\.jpg\?X-Amz-Algorithm=AWS4-HMAC-SHA256&/,
    )
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600')
  })

  it('looks the region up once per bucket when none is configured, then signs for it', async () => {
    server.use(
      http.get('http://localhost:9000/photos', () =>
        HttpResponse.xml('<LocationConstraint>eu-west-2</LocationConstraint>'),
      ),
    )
    const client = local({ region: undefined })
    const urls = await Promise.all([1, 2, 3].map((i) => client.presignedGetObject('photos', `k${i}`)))
    await client.presignedGetObject('photos', 'k4')
    expect(seen.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual(['GET /photos?location='])
    for (const url of urls)
      expect(new URL(url).searchParams.get('X-Amz-Credential')).toContain('/eu-west-2/s3/')
  })

  it('signs extra query parameters into bucket-level URLs (a listing)', async () => {
    const url = new URL(await local().presignedUrl('GET', 'photos', '', 60, { prefix: 'a/b', 'max-keys': 2 }))
    expect(url.pathname).toBe('/photos')
    expect(url.searchParams.get('prefix')).toBe('a/b')
    expect(url.searchParams.get('max-keys')).toBe('2')
  })

  it('adds X-Amz-Security-Token for a session token', async () => {
    const url = new URL(await local({ sessionToken: 'tok/en+1' }).presignedGetObject('photos', 'a'))
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('tok/en+1')
  })

  it('defaults to 7 days (also for 0, as minio-js) and refuses expiries outside 1 s to 7 days', async () => {
    const client = local()
    expect(new URL(await client.presignedGetObject('photos', 'a')).searchParams.get('X-Amz-Expires')).toBe(
      '604800',
    )
    expect(new URL(await client.presignedGetObject('photos', 'a', 0)).searchParams.get('X-Amz-Expires')).toBe(
      '604800',
    )
    await expect(client.presignedGetObject('photos', 'a', -1)).rejects.toBeInstanceOf(ExpiresParamError)
    await expect(client.presignedGetObject('photos', 'a', 604801)).rejects.toThrow(/1 to 604800/)
    await expect(client.presignedGetObject('photos', 'a', '60' as never)).rejects.toBeInstanceOf(TypeError)
  })

  it('refuses anonymous clients, empty object names and non-string response overrides', async () => {
    await expect(local({ accessKey: '' }).presignedGetObject('photos', 'a')).rejects.toBeInstanceOf(
      AnonymousRequestError,
    )
    await expect(local().presignedPutObject('photos', '')).rejects.toBeInstanceOf(InvalidObjectNameError)
    await expect(
      local().presignedGetObject('photos', 'a', 60, { 'response-content-type': 5 as never }),
    ).rejects.toThrow(/response-content-type/)
  })

  it('calls back when given a callback', async () => {
    const url = await new Promise<string>((resolve, reject) =>
      local().presignedPutObject('photos', 'a', 60, (err, result) => (err ? reject(err) : resolve(result))),
    )
    expect(url).toContain('X-Amz-Signature=')
  })
})
