import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { MOCK_BASE, mockClient, useMockServer, xmlResponse } from './support/msw.js'

const { server, seen } = useMockServer()
const KEYS = Array.from({ length: 2500 }, (_, i) => `k${String(i).padStart(5, '0')}`)
const contents = (keys: string[]) =>
  keys
    .map(
      (k) =>
        `<Contents><Key>${encodeURIComponent(k)}</Key><LastModified>2024-05-01T10:00:00.000Z</LastModified><ETag>&quot;e-${k}&quot;</ETag><Size>${k.length}</Size></Contents>`,
    )
    .join('')

/** A V2 bucket over KEYS, pages of 1000, tokens "t<index>". */
function serveV2(keys = KEYS) {
  server.use(
    http.get(`${MOCK_BASE}/photos`, ({ request }) => {
      const q = new URL(request.url).searchParams
      const from = Number((q.get('continuation-token') ?? 't0').slice(1))
      const page = keys.slice(from, from + Number(q.get('max-keys')))
      const next = from + page.length
      const truncated = next < keys.length
      return xmlResponse(
        `<ListBucketResult><EncodingType>url</EncodingType><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>t${next}</NextContinuationToken>` : ''}${contents(page)}</ListBucketResult>`,
      )
    }),
  )
}

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = []
  for await (const item of stream) items.push(item)
  return items
}

describe('listObjectsV2', () => {
  it('pages through every key with continuation tokens, items shaped like minio-js', async () => {
    serveV2()
    const items = await collect(mockClient().listObjectsV2('photos', '', true))
    expect(items.map((i) => i.name)).toEqual(KEYS)
    expect(items[0]).toEqual({
      name: 'k00000',
      lastModified: new Date('2024-05-01T10:00:00.000Z'),
      etag: 'e-k00000',
      size: 6,
    })
    expect(seen.map((r) => r.url.searchParams.get('continuation-token'))).toEqual([null, 't1000', 't2000'])
    const first = seen[0]!.url.searchParams
    expect(Object.fromEntries(first)).toMatchObject({
      'list-type': '2',
      delimiter: '',
      'encoding-type': 'url',
      'max-keys': '1000',
      prefix: '',
      'start-after': '',
    })
  })

  it('fetches one page ahead of the consumer, never more (bounded backpressure)', async () => {
    serveV2()
    const stream = mockClient().listObjectsV2('photos', '', true)
    const iterator = stream[Symbol.asyncIterator]()
    await iterator.next()
    await new Promise((r) => setTimeout(r, 50))
    // Page 2 is requested while the consumer is still on page 1; page 3 is not.
    expect(seen).toHaveLength(2)
    for (let i = 1; i < 1000; i++) await iterator.next()
    await iterator.next()
    await new Promise((r) => setTimeout(r, 50))
    expect(seen).toHaveLength(3)
    await iterator.return?.()
  })

  it('emits data and end events, and decodes url-encoded keys', async () => {
    serveV2(['a b+c', 'ü/ñ', '%41'])
    const names: string[] = []
    await new Promise<void>((resolve, reject) =>
      mockClient()
        .listObjectsV2('photos', '', true)
        .on('data', (item: { name: string }) => names.push(item.name))
        .on('end', resolve)
        .on('error', reject),
    )
    expect(names).toEqual(['a b+c', 'ü/ñ', '%41'])
  })

  it('lists directory-style with delimiter / when not recursive: objects then { prefix, size: 0 }', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, () =>
        xmlResponse(
          `<ListBucketResult><IsTruncated>false</IsTruncated>${contents(['top.txt'])}<CommonPrefixes><Prefix>2024/</Prefix></CommonPrefixes></ListBucketResult>`,
        ),
      ),
    )
    const items = await collect(mockClient().listObjectsV2('photos', '', false, 'a'))
    expect(items.map((i) => i.name ?? i.prefix)).toEqual(['top.txt', '2024/'])
    expect(items[1]).toEqual({ prefix: '2024/', size: 0 })
    expect(seen[0]!.url.searchParams.get('delimiter')).toBe('/')
    expect(seen[0]!.url.searchParams.get('start-after')).toBe('a')
  })

  it('emits error when the server refuses', async () => {
    server.use(
      http.get(
        `${MOCK_BASE}/photos`,
        () =>
          new HttpResponse('<Error><Code>AccessDenied</Code><Message>no</Message></Error>', { status: 403 }),
      ),
    )
    await expect(collect(mockClient().listObjectsV2('photos'))).rejects.toMatchObject({
      name: 'S3Error',
      code: 'AccessDenied',
    })
  })

  it('throws at the call for a bad bucket, prefix or recursive flag', () => {
    expect(() => mockClient().listObjectsV2('Bad_Bucket')).toThrow(
      expect.objectContaining({ name: 'InvalidBucketNameError' }),
    )
    expect(() => mockClient().listObjectsV2('photos', 'x'.repeat(1025))).toThrow(
      expect.objectContaining({ name: 'InvalidPrefixError' }),
    )
    expect(() => mockClient().listObjectsV2('photos', '', 'yes' as never)).toThrow(/recursive/)
  })
})

describe('listObjects (V1)', () => {
  it('continues from the last key when a truncated page has no NextMarker (minio-js #1253)', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, ({ request }) => {
        const marker = new URL(request.url).searchParams.get('marker') ?? ''
        const rest = KEYS.filter((k) => k > marker)
        const page = rest.slice(0, 1000)
        return xmlResponse(
          `<ListBucketResult><IsTruncated>${rest.length > 1000}</IsTruncated>${contents(page)}</ListBucketResult>`,
        )
      }),
    )
    const items = await collect(mockClient().listObjects('photos', '', true))
    expect(items.map((i) => i.name)).toEqual(KEYS)
    expect(seen.map((r) => r.url.searchParams.get('marker'))).toEqual(['', 'k00999', 'k01999'])
  })

  it('uses NextMarker (url-decoded) when the server sends one, and honours MaxKeys', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, ({ request }) => {
        const marker = new URL(request.url).searchParams.get('marker')
        if (marker === '')
          return xmlResponse(
            `<ListBucketResult><EncodingType>url</EncodingType><IsTruncated>true</IsTruncated><NextMarker>a%2F</NextMarker><CommonPrefixes><Prefix>a%2F</Prefix></CommonPrefixes></ListBucketResult>`,
          )
        return xmlResponse(
          `<ListBucketResult><IsTruncated>false</IsTruncated>${contents(['b'])}</ListBucketResult>`,
        )
      }),
    )
    const items = await collect(mockClient().listObjects('photos', '', false, { MaxKeys: 1 }))
    expect(items.map((i) => i.name ?? i.prefix)).toEqual(['a/', 'b'])
    expect(seen.map((r) => r.url.searchParams.get('marker'))).toEqual(['', 'a/'])
    expect(seen[0]!.url.searchParams.get('max-keys')).toBe('1')
  })
})

describe('listIncompleteUploads', () => {
  it('sums each upload’s part sizes and follows both upload markers', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, ({ request }) => {
        const q = new URL(request.url).searchParams
        if (!q.has('uploads')) return undefined
        if (!q.get('key-marker'))
          return xmlResponse(
            `<ListMultipartUploadsResult><IsTruncated>true</IsTruncated><NextKeyMarker>v.mp4</NextKeyMarker><NextUploadIdMarker>u1</NextUploadIdMarker><Upload><Key>v.mp4</Key><UploadId>u1</UploadId><Initiated>2024-01-01T00:00:00.000Z</Initiated></Upload></ListMultipartUploadsResult>`,
          )
        return xmlResponse(
          `<ListMultipartUploadsResult><IsTruncated>false</IsTruncated><Upload><Key>v.mp4</Key><UploadId>u2</UploadId><Initiated>2024-01-02T00:00:00.000Z</Initiated></Upload></ListMultipartUploadsResult>`,
        )
      }),
      http.get(`${MOCK_BASE}/photos/v.mp4`, ({ request }) => {
        const id = new URL(request.url).searchParams.get('uploadId')
        const sizes = id === 'u1' ? [5, 7] : [11]
        const parts = sizes.map(
          (s, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>"x"</ETag><Size>${s}</Size></Part>`,
        )
        return xmlResponse(
          `<ListPartsResult><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
        )
      }),
    )
    const items = await collect(mockClient().listIncompleteUploads('photos', '', true))
    expect(items).toEqual([
      { key: 'v.mp4', uploadId: 'u1', initiated: new Date('2024-01-01T00:00:00.000Z'), size: 12 },
      { key: 'v.mp4', uploadId: 'u2', initiated: new Date('2024-01-02T00:00:00.000Z'), size: 11 },
    ])
    const listings = seen.filter((r) => r.url.searchParams.has('uploads'))
    expect(listings[1]!.url.searchParams.get('key-marker')).toBe('v.mp4')
    expect(listings[1]!.url.searchParams.get('upload-id-marker')).toBe('u1')
  })
})

describe('listIncompleteUploads, racing a completion', () => {
  it('leaves out an upload that was completed or aborted after it was listed', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, () =>
        xmlResponse(
          `<ListMultipartUploadsResult><IsTruncated>false</IsTruncated><Upload><Key>gone</Key><UploadId>g</UploadId><Initiated>2024-01-01T00:00:00.000Z</Initiated></Upload><Upload><Key>live</Key><UploadId>l</UploadId><Initiated>2024-01-01T00:00:00.000Z</Initiated></Upload></ListMultipartUploadsResult>`,
        ),
      ),
      http.get(
        `${MOCK_BASE}/photos/gone`,
        () => new HttpResponse('<Error><Code>NoSuchUpload</Code></Error>', { status: 404 }),
      ),
      http.get(`${MOCK_BASE}/photos/live`, () =>
        xmlResponse(
          `<ListPartsResult><IsTruncated>false</IsTruncated><Part><PartNumber>1</PartNumber><Size>3</Size></Part></ListPartsResult>`,
        ),
      ),
    )
    const items = await collect(mockClient().listIncompleteUploads('photos', '', true))
    expect(items.map((i) => [i.key, i.size])).toEqual([['live', 3]])
  })
})
