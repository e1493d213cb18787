import { createHash } from 'node:crypto'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { Client } from '../../src/index.js'
import { nodeSigV4Crypto } from '../../src/sdk/platform/node-hash.js'
import { createSigner } from '../../src/sdk/transport/signer.js'
import { useMockServer } from './support/msw.js'
import { recomputeSignature, sha256 } from './support/verify-sigv4.js'

const { server, seen } = useMockServer()
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const ok = () => new HttpResponse(null, { status: 200, headers: { etag: '"e"' } })

function verify(index = 0) {
  const request = seen[index]!
  return recomputeSignature(
    {
      method: request.method,
      target: request.url.pathname + request.url.search,
      header: (name) => (name === 'host' ? request.url.host : request.headers.get(name)),
    },
    SECRET,
  )
}

/** A client of the mocked server on localhost:9000 over plain HTTP. */
function plainClient(region = 'us-east-1'): Client {
  return new Client({
    endPoint: 'localhost',
    port: 9000,
    useSSL: false,
    accessKey: 'AK',
    secretKey: SECRET,
    region,
  })
}

describe('SigV4 signing', () => {
  it('matches the AWS S3 "GET Object" example signature', async () => {
    const sign = createSigner({ accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: SECRET }, nodeSigV4Crypto)
    const headers = await sign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: 'examplebucket.s3.amazonaws.com',
        path: '/test.txt',
        query: undefined,
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        },
      },
      'us-east-1',
      new Date('2013-05-24T00:00:00Z'),
    )
    expect(headers['authorization']).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('signs requests so an independent SigV4 implementation verifies them', async () => {
    server.use(http.put('http://localhost:9000/photos/*', ok))
    const client = plainClient('eu-west-1')
    await client.putObject('photos', "dir/a b+c!'(x).txt", 'hello', undefined, {
      'Content-Type': 'text/plain',
      owner: 'ana',
    })
    const request = seen[0]!
    expect(request.headers.get('x-amz-date')).toMatch(/^\d{8}T\d{6}Z$/)
    expect(request.url.pathname).toBe('/photos/dir/a%20b%2Bc%21%27%28x%29.txt')
    const { expected, actual, region, signedHeaders } = verify()
    expect(actual).toBe(expected)
    expect(region).toBe('eu-west-1')
    expect(signedHeaders).toEqual(
      expect.arrayContaining([
        'host',
        'x-amz-content-sha256',
        'x-amz-date',
        'x-amz-meta-owner',
        'content-type',
      ]),
    )
    expect(signedHeaders).not.toContain('content-length')
  })

  it('signs query parameters', async () => {
    server.use(http.delete('http://localhost:9000/photos/a', () => new HttpResponse(null, { status: 204 })))
    const client = plainClient()
    await client.removeObject('photos', 'a', { versionId: 'v 1/+=' })
    expect(seen[0]!.url.searchParams.get('versionId')).toBe('v 1/+=')
    const { expected, actual } = verify()
    expect(actual).toBe(expected)
  })

  it('hashes in-memory payloads over HTTP', async () => {
    server.use(http.put('http://localhost:9000/photos', ok))
    const client = plainClient()
    await client.setBucketVersioning('photos', { Status: 'Enabled' })
    const body = await seen[0]!.body
    expect(body.byteLength).toBeGreaterThan(0)
    expect(seen[0]!.headers.get('x-amz-content-sha256')).toBe(sha256(body))
    expect(verify().actual).toBe(verify().expected)
  })

  it('sends an object in memory as UNSIGNED-PAYLOAD under a signed Content-MD5, over HTTP too', async () => {
    server.use(http.put('http://localhost:9000/photos/a', ok))
    const client = plainClient()
    await client.putObject('photos', 'a', 'héllo')
    const request = seen[0]!
    expect(request.headers.get('x-amz-content-sha256')).toBe('UNSIGNED-PAYLOAD')
    expect(request.headers.get('content-length')).toBe('6')
    expect(request.headers.get('content-md5')).toBe(
      createHash('md5').update(Buffer.from('héllo')).digest('base64'),
    )
    expect(request.headers.get('authorization')).toMatch(/SignedHeaders=[^,]*\bcontent-md5\b/)
    expect(verify().actual).toBe(verify().expected)
  })

  it('sends UNSIGNED-PAYLOAD over HTTPS and for streams', async () => {
    server.use(http.put('https://localhost/photos/a', ok), http.put('http://localhost/photos/s', ok))
    const secure = new Client({
      endPoint: 'localhost',
      accessKey: 'AK',
      secretKey: SECRET,
      region: 'us-east-1',
    })
    await secure.putObject('photos', 'a', 'hello')
    expect(seen[0]!.headers.get('x-amz-content-sha256')).toBe('UNSIGNED-PAYLOAD')
    const plain = new Client({
      endPoint: 'localhost',
      useSSL: false,
      accessKey: 'AK',
      secretKey: SECRET,
      region: 'us-east-1',
    })
    await plain.putObject('photos', 's', new Blob(['stream']).stream(), 6)
    expect(seen[1]!.headers.get('x-amz-content-sha256')).toBe('UNSIGNED-PAYLOAD')
    expect(verify(1).actual).toBe(verify(1).expected)
  })

  it('hashes the empty payload of body-less requests', async () => {
    server.use(http.head('https://localhost/photos', ok))
    await new Client({
      endPoint: 'localhost',
      accessKey: 'AK',
      secretKey: SECRET,
      region: 'us-east-1',
    }).bucketExists('photos')
    expect(seen[0]!.headers.get('x-amz-content-sha256')).toBe(sha256(''))
  })

  it('sends the session token as x-amz-security-token and signs it', async () => {
    server.use(http.head('https://localhost/photos', ok))
    const client = new Client({
      endPoint: 'localhost',
      accessKey: 'AK',
      secretKey: SECRET,
      sessionToken: 'TOKEN',
      region: 'us-east-1',
    })
    await client.bucketExists('photos')
    expect(seen[0]!.headers.get('x-amz-security-token')).toBe('TOKEN')
    const { expected, actual, signedHeaders } = verify()
    expect(actual).toBe(expected)
    expect(signedHeaders).toContain('x-amz-security-token')
  })

  it('sends anonymous requests unsigned', async () => {
    server.use(http.head('https://localhost/photos', ok))
    await new Client({ endPoint: 'localhost', region: 'us-east-1' }).bucketExists('photos')
    for (const name of ['authorization', 'x-amz-date', 'x-amz-content-sha256'])
      expect(seen[0]!.headers.has(name)).toBe(false)
  })
})
