import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpResponse, http } from 'msw'
import { afterAll, describe, expect, it } from 'vitest'
import { CopyConditions } from '../../src/index.js'
import { copyObjectResponse, MOCK_BASE, mockClient, useMockServer, xmlResponse } from './support/msw.js'

const { server, seen } = useMockServer()
const dir = await mkdtemp(join(tmpdir(), 'silo-sdk-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('removeObjects', () => {
  it('sends batches of 1,000 with Content-MD5 and reports every per-object failure', async () => {
    server.use(
      http.post(`${MOCK_BASE}/photos`, async ({ request }) => {
        const keys = [...(await request.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!)
        const denied = keys.filter((k) => k.endsWith('7'))
        const errors = denied.map(
          (k) => `<Error><Key>${k}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
        )
        return xmlResponse(`<DeleteResult>${errors.join('')}</DeleteResult>`)
      }),
    )
    const names = Array.from({ length: 2500 }, (_, i) => `k${i}`)
    const failures = await mockClient().removeObjects('photos', [
      ...names.slice(1),
      { name: 'k0', versionId: 'v1' },
    ])
    const batches = await Promise.all(seen.map((r) => r.body))
    expect(batches.map((b) => new TextDecoder().decode(b).match(/<Object>/g)!.length)).toEqual([
      1000, 1000, 500,
    ])
    for (const [i, r] of seen.entries()) {
      expect(r.url.searchParams.has('delete')).toBe(true)
      expect(r.headers.get('content-md5')).toBe(createHash('md5').update(batches[i]!).digest('base64'))
    }
    expect(new TextDecoder().decode(batches[2])).toContain(
      '<Object><Key>k0</Key><VersionId>v1</VersionId></Object></Delete>',
    )
    expect(new TextDecoder().decode(batches[0])).toMatch(/^<Delete><Quiet>true<\/Quiet>/)
    expect(failures).toHaveLength(250)
    expect(failures[0]).toEqual({
      Key: 'k7',
      Code: 'AccessDenied',
      Message: 'Access Denied',
      VersionId: undefined,
    })
  })

  it('rejects when the server refuses a whole batch, instead of reporting success', async () => {
    server.use(
      http.post(`${MOCK_BASE}/photos`, () => xmlResponse('<Error><Code>AccessDenied</Code></Error>', 403)),
    )
    await expect(mockClient().removeObjects('photos', ['a'])).rejects.toMatchObject({ code: 'AccessDenied' })
    const err = await new Promise((resolve) => mockClient().removeObjects('photos', ['a'], (e) => resolve(e)))
    expect(err).toMatchObject({ name: 'S3Error', code: 'AccessDenied' })
  })

  it('rejects a list that is not an array, or a bad name, before sending', async () => {
    await expect(mockClient().removeObjects('photos', 'a' as never)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
    })
    await expect(mockClient().removeObjects('photos', [''])).rejects.toMatchObject({
      name: 'InvalidObjectNameError',
    })
    expect(seen).toHaveLength(0)
  })
})

describe('copyObject', () => {
  it('sends the escaped source and the conditions, resolves with etag and lastModified', async () => {
    server.use(http.put(`${MOCK_BASE}/photos/copy.jpg`, () => copyObjectResponse()))
    const conds = new CopyConditions()
    conds.setMatchETag('abc')
    conds.setUnmodified(new Date('2024-01-01T00:00:00Z'))
    const result = await mockClient().copyObject('photos', 'copy.jpg', '/src/a b+ü.jpg', conds)
    expect(result).toEqual({ etag: 'abc', lastModified: new Date('2024-02-03T04:05:06.000Z') })
    const h = seen[0]!.headers
    expect(h.get('x-amz-copy-source')).toBe('/src/a%20b%2B%C3%BC.jpg')
    expect(h.get('x-amz-copy-source-if-match')).toBe('abc')
    expect(h.get('x-amz-copy-source-if-unmodified-since')).toBe('Mon, 01 Jan 2024 00:00:00 GMT')
    expect(h.has('x-amz-copy-source-if-none-match')).toBe(false)
  })

  it('rejects a 200 whose body is an error, and a failed precondition', async () => {
    server.use(
      http.put(`${MOCK_BASE}/photos/a`, () =>
        xmlResponse('<Error><Code>InternalError</Code><Message>boom</Message></Error>'),
      ),
      http.put(`${MOCK_BASE}/photos/b`, () =>
        xmlResponse('<Error><Code>PreconditionFailed</Code></Error>', 412),
      ),
    )
    await expect(mockClient().copyObject('photos', 'a', '/src/x')).rejects.toMatchObject({
      code: 'InternalError',
      message: 'boom',
    })
    await expect(mockClient().copyObject('photos', 'b', '/src/x')).rejects.toMatchObject({
      code: 'PreconditionFailed',
    })
  })

  it('refuses an empty source and conditions that are not CopyConditions', async () => {
    await expect(mockClient().copyObject('photos', 'a', '')).rejects.toMatchObject({
      name: 'InvalidPrefixError',
    })
    // minio-js throws a plain TypeError here (test/sdk/compat/copy-object.test.ts compares them).
    await expect(mockClient().copyObject('photos', 'a', '/b/c', {} as never)).rejects.toBeInstanceOf(
      TypeError,
    )
  })
})

describe('getPartialObject', () => {
  it.each([
    [10, 5, 'bytes=10-14'],
    [10, undefined, 'bytes=10-'],
    [0, 5, 'bytes=0-4'],
    [0, 0, null],
  ])('offset %s length %s sends Range %s', async (offset, length, range) => {
    server.use(
      http.get(`${MOCK_BASE}/photos/a`, () => new HttpResponse('part', { status: range ? 206 : 200 })),
    )
    const stream = await mockClient().getPartialObject('photos', 'a', offset, length)
    stream.resume()
    expect(seen[0]!.headers.get('range')).toBe(range)
  })

  it('stops a download when its signal fires', async () => {
    server.use(http.get(`${MOCK_BASE}/photos/slow`, () => new Promise<Response>(() => {})))
    const controller = new AbortController()
    const pending = mockClient().getPartialObject('photos', 'slow', 0, 10, { signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('rejects a negative offset', async () => {
    await expect(mockClient().getPartialObject('photos', 'a', -1)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: expect.stringContaining('offset'),
    })
  })
})

describe('fPutObject and fGetObject', () => {
  it('fPutObject infers Content-Type from the extension unless given', async () => {
    const file = join(dir, 'cat.JPG')
    await writeFile(file, 'meow')
    server.use(http.put(`${MOCK_BASE}/photos/*`, () => new HttpResponse(null, { headers: { etag: '"e"' } })))
    await mockClient().fPutObject('photos', 'cat.jpg', file)
    await mockClient().fPutObject('photos', 'cat2.jpg', file, { 'Content-Type': 'image/x-cat' })
    expect(seen.map((r) => r.headers.get('content-type'))).toEqual(['image/jpeg', 'image/x-cat'])
    expect(new TextDecoder().decode(await seen[0]!.body)).toBe('meow')
  })

  it('fPutObject names a missing file', async () => {
    await expect(mockClient().fPutObject('photos', 'x', join(dir, 'nope.bin'))).rejects.toMatchObject({
      message: expect.stringContaining('nope.bin'),
    })
  })

  it('fGetObject writes through a part file and resumes it with a Range request', async () => {
    const body = 'hello, resumable world'
    server.use(
      http.head(
        `${MOCK_BASE}/photos/doc.txt`,
        () =>
          new HttpResponse(null, {
            headers: {
              etag: '"abc"',
              'content-length': String(body.length),
              'last-modified': new Date().toUTCString(),
            },
          }),
      ),
      http.get(`${MOCK_BASE}/photos/doc.txt`, ({ request }) => {
        const from = Number(/bytes=(\d+)-/.exec(request.headers.get('range') ?? '')?.[1] ?? 0)
        return new HttpResponse(body.slice(from), { status: from ? 206 : 200 })
      }),
    )
    const target = join(dir, 'out', 'doc.txt')
    await mockClient().fGetObject('photos', 'doc.txt', target)
    expect(await readFile(target, 'utf8')).toBe(body)

    await writeFile(`${target}.abc.part.silo`, body.slice(0, 7))
    const progress: number[] = []
    await mockClient().fGetObject('photos', 'doc.txt', target, { onProgress: (p) => progress.push(p.loaded) })
    expect(seen.at(-1)!.headers.get('range')).toBe('bytes=7-')
    expect(await readFile(target, 'utf8')).toBe(body)
    expect(progress.at(-1)).toBe(body.length)
    await expect(stat(`${target}.abc.part.silo`)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
