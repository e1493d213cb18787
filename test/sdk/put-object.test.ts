import { Readable } from 'node:stream'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { mockClient, useMockServer } from './support/msw.js'

const { server, seen } = useMockServer()
const URL_A = 'http://localhost:9000/photos/a'
const uploaded = () =>
  new HttpResponse(null, {
    headers: { etag: '"d41d8cd98f00b204e9800998ecf8427e"', 'x-amz-version-id': 'v1' },
  })
const MiB = 1024 * 1024

describe('putObject', () => {
  it('resolves with etag (unquoted) and versionId', async () => {
    server.use(http.put(URL_A, uploaded))
    expect(await mockClient().putObject('photos', 'a', 'x')).toEqual({
      etag: 'd41d8cd98f00b204e9800998ecf8427e',
      versionId: 'v1',
    })
  })

  it('maps metadata: standard headers and x-amz-* pass through, free names become x-amz-meta-*', async () => {
    server.use(http.put(URL_A, uploaded))
    await mockClient().putObject('photos', 'a', 'x', undefined, {
      'Content-Type': 'text/plain',
      'Content-Language': 'de',
      'Cache-Control': 'max-age=60',
      'X-Amz-Meta-Camera': 'x100',
      'x-amz-tagging': 'a=b',
      randomstuff: 'yes',
      count: 3,
      skipped: undefined,
    })
    const headers = seen[0]!.headers
    expect(headers.get('content-type')).toBe('text/plain')
    expect(headers.get('content-language')).toBe('de')
    expect(headers.get('cache-control')).toBe('max-age=60')
    expect(headers.get('x-amz-meta-camera')).toBe('x100')
    expect(headers.get('x-amz-tagging')).toBe('a=b')
    expect(headers.get('x-amz-meta-randomstuff')).toBe('yes')
    expect(headers.get('x-amz-meta-count')).toBe('3')
    expect(headers.has('x-amz-meta-skipped')).toBe(false)
  })

  it('measures strings in UTF-8 bytes', async () => {
    server.use(http.put(URL_A, uploaded))
    await mockClient().putObject('photos', 'a', 'héllo wörld €')
    const body = await seen[0]!.body
    expect(seen[0]!.headers.get('content-length')).toBe(String(Buffer.byteLength('héllo wörld €')))
    expect(new TextDecoder().decode(body)).toBe('héllo wörld €')
  })

  it.each<[string, () => unknown, number | undefined]>([
    ['a Node Readable with size', () => Readable.from([Buffer.from('hello '), Buffer.from('stream')]), 12],
    [
      'a Node Readable without size',
      () => Readable.from([Buffer.from('hello '), Buffer.from('stream')]),
      undefined,
    ],
    ['a web ReadableStream with size', () => new Blob(['hello stream']).stream(), 12],
    [
      'an async generator without size',
      () =>
        (async function* () {
          yield 'hello '
          yield 'stream'
        })(),
      undefined,
    ],
    ['a Blob', () => new Blob(['hello stream']), undefined],
    ['an ArrayBuffer', () => new TextEncoder().encode('hello stream').buffer, undefined],
  ])('uploads %s', async (_, data, size) => {
    server.use(http.put(URL_A, uploaded))
    await mockClient().putObject('photos', 'a', data() as never, size)
    expect(seen[0]!.headers.get('content-length')).toBe('12')
    expect(new TextDecoder().decode(await seen[0]!.body)).toBe('hello stream')
  })

  it('rejects a stream that is shorter than its given size', async () => {
    server.use(http.put(URL_A, uploaded))
    await expect(
      mockClient().putObject('photos', 'a', Readable.from([Buffer.from('abc')]), 10),
    ).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: expect.stringContaining('size was given as 10 bytes but the stream has 3'),
    })
  })

  it('rejects a known size over 5 TiB without sending anything', async () => {
    await expect(
      mockClient().putObject('photos', 'a', Readable.from([]), 6 * 1024 * 1024 * MiB),
    ).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: expect.stringContaining('5 TiB'),
    })
    expect(seen).toHaveLength(0)
  })

  it('rejects metadata keys that are not header names', async () => {
    await expect(mockClient().putObject('photos', 'a', 'x', { 'bad key': 'v' })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: expect.stringContaining('"bad key"'),
    })
  })
})
