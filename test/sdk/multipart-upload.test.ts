import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeMultipart } from './support/fake-multipart.js'
import { MOCK_BASE, mockClient, useMockServer } from './support/msw.js'

const { server, seen } = useMockServer()
const MiB = 1024 * 1024
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('base64')
/** A stream of `total` bytes in 64 KiB chunks, with no size known up front. */
const streamOf = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024)
    })(),
  )
const uploadParts = () => seen.filter((r) => r.method === 'PUT' && r.url.searchParams.has('partNumber'))

let fake: ReturnType<typeof fakeMultipart>
beforeEach(() => {
  fake = fakeMultipart(MOCK_BASE, 'videos')
  server.use(...fake.handlers)
})

describe('putObject multipart', () => {
  it('sends list-uploads, create, parts with Content-MD5, then complete listing every part', async () => {
    const data = randomBytes(12 * MiB)
    const info = await mockClient().putObject('videos', 'a.mp4', data, undefined, undefined, {
      partSize: 5 * MiB,
    })
    expect(info).toEqual({ etag: 'final-3', versionId: null })
    const sequence = seen.map((r) => `${r.method} ${[...r.url.searchParams.keys()].sort().join('&')}`)
    expect(sequence[0]).toMatch(/^GET .*uploads/)
    expect(sequence[1]).toBe('POST uploads')
    expect(sequence.slice(2, 5)).toEqual(Array(3).fill('PUT partNumber&uploadId'))
    expect(sequence[5]).toBe('POST uploadId')
    const parts = uploadParts()
    expect(parts.map((r) => Number(r.headers.get('content-length')))).toEqual([5 * MiB, 5 * MiB, 2 * MiB])
    for (const r of parts) expect(r.headers.get('content-md5')).toBe(md5(await r.body))
    expect(fake.completed.get('a.mp4')).toEqual({ parts: [1, 2, 3], size: 12 * MiB })
  })

  it('sends parts as UNSIGNED-PAYLOAD over plain HTTP with a signed Content-MD5 (one hash per part, issue 18)', async () => {
    const data = randomBytes(6 * MiB)
    await mockClient().putObject('videos', 'unsigned', data, undefined, undefined, { partSize: 5 * MiB })
    const parts = uploadParts()
    expect(parts).toHaveLength(2)
    for (const r of parts) {
      expect(r.headers.get('x-amz-content-sha256')).toBe('UNSIGNED-PAYLOAD')
      expect(r.headers.get('content-md5')).toBe(md5(await r.body))
      expect(r.headers.get('authorization')).toMatch(/SignedHeaders=[^,]*content-md5/)
    }
  })

  it('sends a known size ≤ 5 MiB as one PUT and 5 MiB + 1 byte as multipart', async () => {
    server.use(
      http.put(`${MOCK_BASE}/videos/small`, () => new HttpResponse(null, { headers: { etag: '"e"' } })),
    )
    await mockClient().putObject('videos', 'small', Buffer.alloc(5 * MiB))
    expect(seen.map((r) => r.method)).toEqual(['PUT'])
    expect(seen[0]!.headers.get('content-md5')).toBe(md5(Buffer.alloc(5 * MiB)))
    seen.length = 0
    await mockClient().putObject('videos', 'big', Buffer.alloc(5 * MiB + 1))
    expect(fake.completed.get('big')).toEqual({ parts: [1], size: 5 * MiB + 1 })
  })

  it('cuts an unknown-length stream into 6 MiB parts by default, and at a smaller client partSize', async () => {
    const data = randomBytes(20 * MiB)
    await mockClient().putObject('videos', 'u1', streamOf(data))
    expect(uploadParts().map((r) => Number(r.headers.get('content-length')))).toEqual([
      6 * MiB,
      6 * MiB,
      6 * MiB,
      2 * MiB,
    ])
    seen.length = 0
    await mockClient({ partSize: 5 * MiB }).putObject('videos', 'u2', streamOf(data))
    expect(uploadParts().map((r) => Number(r.headers.get('content-length')))).toEqual([
      5 * MiB,
      5 * MiB,
      5 * MiB,
      5 * MiB,
    ])
    expect(fake.completed.get('u2')!.size).toBe(20 * MiB)
  })

  it('cuts a known size into 16 MiB parts by default (memory ~ 16 MiB × (concurrency + 1))', async () => {
    await mockClient().putObject('videos', 'k40', Buffer.alloc(40 * MiB))
    expect(uploadParts().map((r) => Number(r.headers.get('content-length')))).toEqual([
      16 * MiB,
      16 * MiB,
      8 * MiB,
    ])
  })

  it('sends an empty stream as one zero-byte PUT', async () => {
    server.use(
      http.put(`${MOCK_BASE}/videos/empty`, () => new HttpResponse(null, { headers: { etag: '"d41d8"' } })),
    )
    await mockClient().putObject('videos', 'empty', Readable.from([]))
    expect(seen.map((r) => `${r.method} ${r.headers.get('content-length')}`)).toEqual(['PUT 0'])
  })

  it('resumes: sends only missing parts and parts whose MD5 differs, paging through ListParts', async () => {
    const data = randomBytes(20 * MiB)
    const part = (n: number) => data.subarray((n - 1) * 5 * MiB, n * 5 * MiB)
    const old = fake.seed('resume.bin', { 1: part(1), 2: part(2), 3: randomBytes(5 * MiB) })
    fake.partsPerPage = 1
    await mockClient().putObject('videos', 'resume.bin', streamOf(data), undefined, {}, { partSize: 5 * MiB })
    expect(fake.partRequests.sort()).toEqual([3, 4])
    const listParts = seen.filter(
      (r) => r.method === 'GET' && r.url.searchParams.get('uploadId') === old.uploadId,
    )
    expect(listParts.map((r) => r.url.searchParams.get('part-number-marker'))).toEqual([null, '1', '2'])
    expect(seen.some((r) => r.method === 'POST' && r.url.searchParams.has('uploads'))).toBe(false)
    expect(fake.completed.get('resume.bin')).toEqual({ parts: [1, 2, 3, 4], size: 20 * MiB })
  })

  it('does not look for an upload to resume when resume is false', async () => {
    fake.seed('fresh.bin', { 1: Buffer.alloc(5 * MiB) })
    await mockClient().putObject(
      'videos',
      'fresh.bin',
      Buffer.alloc(10 * MiB),
      {},
      { partSize: 5 * MiB, resume: false },
    )
    expect(fake.partRequests).toEqual([1, 2])
  })

  it('uploads parts in parallel, never more than `concurrency` at once', async () => {
    fake.partDelayMs = 30
    await mockClient().putObject(
      'videos',
      'par',
      randomBytes(30 * MiB),
      {},
      { partSize: 5 * MiB, concurrency: 3 },
    )
    expect(fake.maxInFlight).toBe(3)
    expect(fake.completed.get('par')!.parts).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('reports progress as the bytes are sent (64 KiB steps), not per part, up to the total', async () => {
    const progress: Array<{ loaded: number; total?: number }> = []
    await mockClient().putObject(
      'videos',
      'p',
      Buffer.alloc(12 * MiB),
      {},
      {
        partSize: 5 * MiB,
        concurrency: 1,
        onProgress: (p) => progress.push(p),
      },
    )
    const loaded = progress.map((p) => p.loaded)
    expect(progress.every((p) => p.total === 12 * MiB)).toBe(true)
    expect(loaded.at(-1)).toBe(12 * MiB)
    expect(loaded.length).toBeGreaterThanOrEqual((12 * MiB) / (64 * 1024))
    const steps = loaded.map((value, i) => value - (loaded[i - 1] ?? 0))
    expect(Math.min(...steps)).toBeGreaterThan(0)
    expect(Math.max(...steps)).toBeLessThanOrEqual(64 * 1024)
  })

  it('counts a part the server already holds (resume) at once, and never more than the total', async () => {
    const data = randomBytes(12 * MiB)
    fake.seed('resumed-progress', { 1: data.subarray(0, 5 * MiB) })
    const progress: number[] = []
    await mockClient().putObject(
      'videos',
      'resumed-progress',
      data,
      {},
      { partSize: 5 * MiB, concurrency: 1, onProgress: ({ loaded }) => progress.push(loaded) },
    )
    expect(fake.partRequests).toEqual([2, 3])
    expect(progress[0]).toBe(5 * MiB)
    expect(progress.at(-1)).toBe(12 * MiB)
    expect(Math.max(...progress)).toBe(12 * MiB)
  })

  it('keeps the parts when a part fails (so a retry resumes), and aborts with keepParts: false', async () => {
    fake.failParts.add(2)
    const put = (opts: object) =>
      mockClient().putObject(
        'videos',
        'f',
        Buffer.alloc(15 * MiB),
        {},
        { partSize: 5 * MiB, concurrency: 1, ...opts },
      )
    await expect(put({})).rejects.toMatchObject({ name: 'S3Error', code: 'InternalError' })
    expect(fake.aborted).toEqual([])
    expect(fake.partRequests).toEqual([1, 2])
    fake.failParts.clear()
    fake.partRequests.length = 0
    await put({})
    expect(fake.partRequests).toEqual([2, 3])

    fake.failParts.add(1)
    await expect(put({ resume: false, keepParts: false })).rejects.toMatchObject({ code: 'InternalError' })
    expect(fake.aborted).toHaveLength(1)
    expect(seen.at(-1)!.method).toBe('DELETE')
  })

  it('aborts the upload on the server when the signal fires, and rejects with AbortError', async () => {
    fake.partDelayMs = 50
    const controller = new AbortController()
    const put = mockClient().putObject(
      'videos',
      'x',
      streamOf(randomBytes(40 * MiB)),
      {},
      {
        partSize: 5 * MiB,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      },
    )
    await expect(put).rejects.toMatchObject({ name: 'AbortError' })
    expect(fake.aborted).toHaveLength(1)
    expect(fake.completed.has('x')).toBe(false)
    expect(fake.partRequests.length).toBeLessThan(8)
  })

  it('keeps the parts of an aborted upload with keepParts: true', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      mockClient().putObject(
        'videos',
        'k',
        Buffer.alloc(10 * MiB),
        {},
        { signal: controller.signal, keepParts: true },
      ),
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(fake.aborted).toEqual([])
  })

  it('calls back with the result when the last argument is a function', async () => {
    const info = await new Promise((resolve, reject) =>
      mockClient().putObject(
        'videos',
        'cb',
        Buffer.alloc(6 * MiB),
        undefined,
        {},
        { partSize: 5 * MiB },
        (err, res) => (err ? reject(err) : resolve(res)),
      ),
    )
    expect(info).toEqual({ etag: 'final-2', versionId: null })
  })

  it('names the bad option', async () => {
    await expect(mockClient().putObject('videos', 'x', 'y', {}, { concurrency: 0 })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: expect.stringContaining('options.concurrency'),
    })
    await expect(mockClient().putObject('videos', 'x', 'y', {}, { partSize: MiB })).rejects.toMatchObject({
      message: expect.stringContaining('options.partSize'),
    })
  })
})
