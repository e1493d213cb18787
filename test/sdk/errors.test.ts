import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  AnonymousRequestError,
  Client,
  ExpiresParamError,
  InvalidArgumentError,
  InvalidBucketNameError,
  InvalidEndpointError,
  InvalidObjectNameError,
  InvalidPrefixError,
  InvalidXMLError,
  NetworkError,
  S3Error,
  TimeoutError,
} from '../../src/index.js'
import { MOCK_BASE, mockClient, useMockServer } from './support/msw.js'

const { server } = useMockServer()

describe('errors', () => {
  it('parses S3Error fields from an XML error body', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos/missing.jpg`, () =>
        HttpResponse.xml(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message>' +
            '<Key>missing.jpg</Key><BucketName>photos</BucketName><Resource>/photos/missing.jpg</Resource>' +
            '<RequestId>4442587FB7D0A2F9</RequestId><HostId>host-id</HostId></Error>',
          { status: 404, headers: { 'x-amz-bucket-region': 'us-east-1' } },
        ),
      ),
    )
    const error = await mockClient()
      .getObject('photos', 'missing.jpg')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(S3Error)
    expect(error).toMatchObject({
      name: 'S3Error',
      code: 'NoSuchKey',
      statusCode: 404,
      message: 'The specified key does not exist.',
      key: 'missing.jpg',
      bucketName: 'photos',
      resource: '/photos/missing.jpg',
      requestId: '4442587FB7D0A2F9',
      hostId: 'host-id',
      region: 'us-east-1',
    })
  })

  it('keeps unknown codes, and falls back to headers for request ids', async () => {
    server.use(
      http.delete(`${MOCK_BASE}/photos`, () =>
        HttpResponse.xml('<Error><Code>XSiloSpecial</Code><Message>custom</Message></Error>', {
          status: 409,
          headers: { 'x-amz-request-id': 'REQ', 'x-amz-id-2': 'HOST' },
        }),
      ),
    )
    await expect(mockClient().removeBucket('photos')).rejects.toMatchObject({
      code: 'XSiloSpecial',
      requestId: 'REQ',
      hostId: 'HOST',
      bucketName: 'photos',
    })
  })

  it('maps a body-less HEAD 404 to NotFound naming the object', async () => {
    server.use(http.head(`${MOCK_BASE}/photos/a.jpg`, () => new HttpResponse(null, { status: 404 })))
    await expect(mockClient().statObject('photos', 'a.jpg')).rejects.toMatchObject({
      name: 'S3Error',
      code: 'NotFound',
      statusCode: 404,
      key: 'a.jpg',
      message: 'Object "a.jpg" not found in bucket "photos"',
    })
  })

  it('maps a body-less HEAD 403 to AccessDenied', async () => {
    server.use(http.head(`${MOCK_BASE}/photos/a.jpg`, () => new HttpResponse(null, { status: 403 })))
    await expect(mockClient().statObject('photos', 'a.jpg')).rejects.toMatchObject({
      code: 'AccessDenied',
      statusCode: 403,
    })
  })

  it('uses x-minio-error-code on body-less responses', async () => {
    server.use(
      http.head(
        `${MOCK_BASE}/photos/a.jpg`,
        () =>
          new HttpResponse(null, {
            status: 404,
            headers: { 'x-minio-error-code': 'NoSuchBucket', 'x-minio-error-desc': 'no bucket' },
          }),
      ),
    )
    await expect(mockClient().statObject('photos', 'a.jpg')).rejects.toMatchObject({
      code: 'NoSuchBucket',
      message: 'no bucket',
    })
  })

  it('does not choke on a non-XML error body (e.g. a proxy page)', async () => {
    server.use(
      http.get(`${MOCK_BASE}/`, () => HttpResponse.html('<html>Bad Gateway</html>', { status: 502 })),
    )
    await expect(mockClient().listBuckets()).rejects.toMatchObject({
      name: 'S3Error',
      code: 'InternalError',
      statusCode: 502,
    })
  })

  it('reports an invalid success body as InvalidXMLError', async () => {
    server.use(http.get(`${MOCK_BASE}/`, () => HttpResponse.text('not xml')))
    await expect(mockClient().listBuckets()).rejects.toMatchObject({ name: 'InvalidXMLError' })
  })

  it('bucketExists is false on 404 and rethrows other errors', async () => {
    server.use(
      http.head(`${MOCK_BASE}/gone`, () => new HttpResponse(null, { status: 404 })),
      http.head(`${MOCK_BASE}/secret`, () => new HttpResponse(null, { status: 403 })),
      http.head(`${MOCK_BASE}/there`, () => new HttpResponse(null, { status: 200 })),
    )
    const client = mockClient()
    expect(await client.bucketExists('gone')).toBe(false)
    expect(await client.bucketExists('there')).toBe(true)
    await expect(client.bucketExists('secret')).rejects.toMatchObject({ code: 'AccessDenied' })
  })

  it('bucketExists is false when the region lookup says NoSuchBucket', async () => {
    server.use(
      http.get(`${MOCK_BASE}/gone`, () =>
        HttpResponse.xml('<Error><Code>NoSuchBucket</Code><Message>nope</Message></Error>', { status: 404 }),
      ),
    )
    const client = new Client({
      endPoint: 'localhost',
      port: 9000,
      useSSL: false,
      accessKey: 'AK',
      secretKey: 'SK',
    })
    expect(await client.bucketExists('gone')).toBe(false)
  })

  it('wraps connection failures in NetworkError with the cause', async () => {
    server.use(http.get(`${MOCK_BASE}/`, () => HttpResponse.error()))
    const error = await mockClient()
      .listBuckets()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBeInstanceOf(Error)
    expect((error as Error).message).toContain('GET http://localhost:9000')
  })

  it('every error class pins its name', () => {
    const classes: [string, new (message: string) => Error][] = [
      ['InvalidArgumentError', InvalidArgumentError],
      ['InvalidEndpointError', InvalidEndpointError],
      ['InvalidBucketNameError', InvalidBucketNameError],
      ['InvalidObjectNameError', InvalidObjectNameError],
      ['InvalidPrefixError', InvalidPrefixError],
      ['AnonymousRequestError', AnonymousRequestError],
      ['ExpiresParamError', ExpiresParamError],
      ['InvalidXMLError', InvalidXMLError],
      ['NetworkError', NetworkError],
      ['TimeoutError', TimeoutError],
    ]
    for (const [name, Class] of classes) {
      expect(new Class('m').name).toBe(name)
      expect(new Class('m')).toBeInstanceOf(Error)
    }
    expect(new S3Error('m', { code: 'X', statusCode: 500 }).name).toBe('S3Error')
  })
})
