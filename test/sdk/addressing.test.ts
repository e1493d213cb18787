import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { Client, type ClientOptions } from '../../src/index.js'
import { useMockServer } from './support/msw.js'

const { server, seen } = useMockServer()

describe('addressing', () => {
  it.each<[string, Partial<ClientOptions>, string, string]>([
    [
      'path style by default',
      { endPoint: 'localhost', port: 9000, useSSL: false },
      'photos',
      'http://localhost:9000/photos/a%20b.txt',
    ],
    [
      'virtual host with pathStyle: false',
      { endPoint: 'example.com', pathStyle: false },
      'photos',
      'https://photos.example.com/a%20b.txt',
    ],
    [
      'virtual host for the AWS global endpoint',
      { endPoint: 's3.amazonaws.com' },
      'photos',
      'https://photos.s3.amazonaws.com/a%20b.txt',
    ],
    [
      'path style for dotted buckets over HTTPS',
      { endPoint: 'example.com', pathStyle: false },
      'my.photos',
      'https://example.com/my.photos/a%20b.txt',
    ],
    [
      'virtual host for dotted buckets over HTTP',
      { endPoint: 'example.com', useSSL: false, pathStyle: false },
      'my.photos',
      'http://my.photos.example.com/a%20b.txt',
    ],
    [
      'path style for IP endpoints',
      { endPoint: '127.0.0.1', port: 9000, useSSL: false, pathStyle: false },
      'photos',
      'http://127.0.0.1:9000/photos/a%20b.txt',
    ],
  ])('%s', async (_, options, bucket, url) => {
    server.use(http.head(url, () => new HttpResponse(null, { status: 200 })))
    const client = new Client({
      accessKey: 'AK',
      secretKey: 'SK',
      region: 'us-east-1',
      ...options,
    } as ClientOptions)
    await client.statObject(bucket, 'a b.txt')
    expect(seen[0]!.url.href).toBe(url)
  })

  it('sends the port in the Host header only when it is not the default', async () => {
    server.use(
      http.get('*', () => HttpResponse.xml('<ListAllMyBucketsResult><Buckets/></ListAllMyBucketsResult>')),
    )
    await new Client({ endPoint: 'localhost', port: 9000, useSSL: false }).listBuckets()
    await new Client({ endPoint: 'localhost', useSSL: false }).listBuckets()
    expect(seen.map((r) => r.url.host)).toEqual(['localhost:9000', 'localhost'])
  })

  it('keeps slashes in keys and encodes everything else once', async () => {
    server.use(http.head('*', () => new HttpResponse(null, { status: 200 })))
    await new Client({ endPoint: 'localhost', useSSL: false, region: 'us-east-1' }).statObject(
      'photos',
      'a/b/ü ~_.-#?%.txt',
    )
    expect(seen[0]!.url.pathname).toBe('/photos/a/b/%C3%BC%20~_.-%23%3F%25.txt')
  })
})
