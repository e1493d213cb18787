/**
 * A small stateful S3 multipart stand-in for msw: CreateMultipartUpload, UploadPart (checks
 * Content-MD5), ListParts (paged), ListMultipartUploads, Complete and Abort, on one bucket.
 */
import { createHash } from 'node:crypto'
import { HttpResponse, http, type RequestHandler } from 'msw'
import { xmlResponse } from './msw.js'

export interface FakePart {
  etag: string
  size: number
}

export interface FakeUpload {
  key: string
  uploadId: string
  initiated: Date
  parts: Map<number, FakePart>
}

export interface FakeMultipart {
  handlers: RequestHandler[]
  uploads: Map<string, FakeUpload>
  completed: Map<string, { parts: number[]; size: number }>
  /** Part numbers of UploadPart requests, in arrival order. */
  partRequests: number[]
  aborted: string[]
  /** Most UploadPart requests in flight at once. */
  maxInFlight: number
  /** Adds an upload as if an earlier attempt had left it. */
  seed(key: string, parts: Record<number, Uint8Array>): FakeUpload
  /** Makes UploadPart of these part numbers fail with 500. */
  failParts: Set<number>
  partsPerPage: number
  partDelayMs: number
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest()

export function fakeMultipart(base: string, bucket: string): FakeMultipart {
  let nextId = 1
  let inFlight = 0
  const fake: FakeMultipart = {
    handlers: [],
    uploads: new Map(),
    completed: new Map(),
    partRequests: [],
    aborted: [],
    maxInFlight: 0,
    failParts: new Set(),
    partsPerPage: 1000,
    partDelayMs: 0,
    seed(key, parts) {
      const upload: FakeUpload = {
        key,
        uploadId: `seed-${nextId++}`,
        initiated: new Date(),
        parts: new Map(),
      }
      for (const [n, bytes] of Object.entries(parts)) {
        upload.parts.set(Number(n), { etag: md5(bytes).toString('hex'), size: bytes.byteLength })
      }
      fake.uploads.set(upload.uploadId, upload)
      return upload
    },
  }
  const keyOf = (url: URL) => decodeURIComponent(url.pathname.slice(bucket.length + 2))
  fake.handlers = [
    http.post(`${base}/${bucket}/*`, async ({ request }) => {
      const url = new URL(request.url)
      if (url.searchParams.has('uploads')) {
        const upload = {
          key: keyOf(url),
          uploadId: `up-${nextId++}`,
          initiated: new Date(),
          parts: new Map(),
        }
        fake.uploads.set(upload.uploadId, upload)
        return xmlResponse(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${upload.key}</Key><UploadId>${upload.uploadId}</UploadId></InitiateMultipartUploadResult>`,
        )
      }
      const upload = fake.uploads.get(url.searchParams.get('uploadId') ?? '')
      if (!upload) return xmlResponse('<Error><Code>NoSuchUpload</Code></Error>')
      const body = await request.text()
      const numbers = [...body.matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]))
      const size = numbers.reduce((sum, n) => sum + (upload.parts.get(n)?.size ?? 0), 0)
      fake.completed.set(upload.key, { parts: numbers, size })
      fake.uploads.delete(upload.uploadId)
      return xmlResponse(
        `<CompleteMultipartUploadResult><Key>${upload.key}</Key><ETag>"final-${numbers.length}"</ETag></CompleteMultipartUploadResult>`,
      )
    }),
    http.put(`${base}/${bucket}/*`, async ({ request }) => {
      const url = new URL(request.url)
      const n = Number(url.searchParams.get('partNumber'))
      fake.partRequests.push(n)
      inFlight += 1
      fake.maxInFlight = Math.max(fake.maxInFlight, inFlight)
      try {
        const bytes = new Uint8Array(await request.arrayBuffer())
        if (fake.partDelayMs) await new Promise((r) => setTimeout(r, fake.partDelayMs))
        if (fake.failParts.has(n))
          return new HttpResponse('<Error><Code>InternalError</Code></Error>', { status: 500 })
        if (request.headers.get('content-md5') !== md5(bytes).toString('base64')) {
          return new HttpResponse('<Error><Code>BadDigest</Code></Error>', { status: 400 })
        }
        const upload = fake.uploads.get(url.searchParams.get('uploadId') ?? '')
        if (!upload) return new HttpResponse('<Error><Code>NoSuchUpload</Code></Error>', { status: 404 })
        const etag = md5(bytes).toString('hex')
        upload.parts.set(n, { etag, size: bytes.byteLength })
        return new HttpResponse(null, { headers: { etag: `"${etag}"` } })
      } finally {
        inFlight -= 1
      }
    }),
    http.delete(`${base}/${bucket}/*`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('uploadId') ?? ''
      fake.aborted.push(id)
      fake.uploads.delete(id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.get(`${base}/${bucket}/*`, ({ request }) => {
      const url = new URL(request.url)
      const upload = fake.uploads.get(url.searchParams.get('uploadId') ?? '')
      if (!upload) return new HttpResponse('<Error><Code>NoSuchUpload</Code></Error>', { status: 404 })
      const marker = Number(url.searchParams.get('part-number-marker') ?? 0)
      const numbers = [...upload.parts.keys()].sort((a, b) => a - b).filter((n) => n > marker)
      const page = numbers.slice(0, fake.partsPerPage)
      const truncated = numbers.length > page.length
      const parts = page.map((n) => {
        const p = upload.parts.get(n)!
        return `<Part><PartNumber>${n}</PartNumber><LastModified>2024-01-01T00:00:00.000Z</LastModified><ETag>&quot;${p.etag}&quot;</ETag><Size>${p.size}</Size></Part>`
      })
      return xmlResponse(
        `<ListPartsResult><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextPartNumberMarker>${page.at(-1)}</NextPartNumberMarker>` : ''}${parts.join('')}</ListPartsResult>`,
      )
    }),
    http.get(`${base}/${bucket}`, ({ request }) => {
      const url = new URL(request.url)
      if (!url.searchParams.has('uploads')) return undefined
      const prefix = url.searchParams.get('prefix') ?? ''
      const uploads = [...fake.uploads.values()].filter((u) => u.key.startsWith(prefix))
      const items = uploads.map(
        (u) =>
          `<Upload><Key>${encodeURIComponent(u.key)}</Key><UploadId>${u.uploadId}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
      )
      return xmlResponse(
        `<ListMultipartUploadsResult><EncodingType>url</EncodingType><IsTruncated>false</IsTruncated>${items.join('')}</ListMultipartUploadsResult>`,
      )
    }),
  ]
  return fake
}
