/**
 * minio-js's public request primitives (`makeRequestAsync`, `makeRequestAsyncOmit`,
 * `makeRequestStreamAsync`, and the callback forms `makeRequest` / `makeRequestStream`), for code
 * that sends requests minio-js has no method for. They go through the SDK's one transport, so
 * they are addressed, region-resolved and signed like every other call. The answer is the
 * response body stream carrying `statusCode` and `headers` (in Node the `http.IncomingMessage`
 * itself). Unlike minio-js, a stream body is read into memory first (the signature needs its
 * length), so these are for small bodies; uploads belong to putObject.
 */
import { iterateChunks } from '../../body/chunks.js'
import { S3Error } from '../../errors.js'
import type { BodyStream } from '../../platform/types.js'
import { sanitizeETag } from '../../transport/parse.js'
import type { S3Method, S3Request } from '../../transport/request.js'
import type { Transport } from '../../transport/transport.js'
import { parseXml, textOf } from '../../transport/xml.js'
import { assertBucketName, assertObjectName } from '../../validate.js'

/** What minio-js's request primitives take: the request before addressing and signing. */
export interface RawRequestOptions {
  method: string
  bucketName?: string | undefined
  objectName?: string | undefined
  /** The query string, already escaped, without `?` (e.g. `uploadId=abc&partNumber=1`). */
  query?: string | undefined
  headers?: Record<string, unknown> | undefined
}

/** The answer: the body stream with the status and headers of the response. */
export type RawResponse = BodyStream & {
  statusCode: number
  headers: Readonly<Record<string, string | string[] | undefined>>
}

const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'HEAD'])

/**
 * Sends one request and resolves with the response stream once the status is in `expectedCodes`
 * (default `[200]`); another status rejects with `S3Error` (the server's error when it sent one).
 * @example
 * const res = await rawRequest(transport, { method: 'GET', bucketName: 'photos', query: 'location' })
 */
export async function rawRequest(
  t: Transport,
  options: unknown,
  payload: unknown = '',
  expectedCodes: unknown = [200],
  region: unknown = '',
): Promise<RawResponse> {
  const request = toS3Request(options, await payloadBytes(payload), region)
  const res = await t.request(request)
  const codes = Array.isArray(expectedCodes) && expectedCodes.length > 0 ? expectedCodes : [200]
  if (!codes.includes(res.status)) {
    await res.discard()
    throw new S3Error(`Unexpected status ${res.status}: expected ${codes.join(' or ')}`, {
      code: 'UnexpectedStatusCode',
      statusCode: res.status,
      bucketName: request.bucket,
      key: request.key,
    })
  }
  const stream = (await res.stream()) as RawResponse
  // Node's IncomingMessage has both already; a browser stream gets them here.
  if (stream.statusCode === undefined) Object.assign(stream, { statusCode: res.status, headers: res.headers })
  return stream
}

/**
 * rawRequest whose body is read and thrown away: resolves with the status and headers only.
 * @example
 * const { statusCode } = await rawRequestOmit(transport, { method: 'DELETE', bucketName: 'photos', query: 'policy' }, '', [204])
 */
export async function rawRequestOmit(
  t: Transport,
  options: unknown,
  payload?: unknown,
  expectedCodes?: unknown,
  region?: unknown,
): Promise<Pick<RawResponse, 'statusCode' | 'headers'>> {
  const res = await rawRequest(t, options, payload, expectedCodes, region)
  await readBody(res)
  return { statusCode: res.statusCode, headers: res.headers }
}

/** One uploaded (or copied) part, as minio-js's `uploadPart` resolves it. */
export interface UploadPartResult {
  etag: string
  key: string
  part: number
}

/** What minio-js's `uploadPart` takes. */
export interface UploadPartConfig {
  bucketName: string
  objectName: string
  uploadID: string
  partNumber: number
  /** e.g. `x-amz-copy-source` and `x-amz-copy-source-range` for UploadPartCopy. */
  headers?: Record<string, unknown>
}

/**
 * Uploads one part of a multipart upload: `payload` bytes, or (with `x-amz-copy-source` in
 * `headers`) a copy of another object's bytes. The ETag comes from the ETag header or the
 * CopyPartResult.
 * @example
 * const { etag } = await uploadPartCompat(transport, { bucketName: 'b', objectName: 'k', uploadID, partNumber: 1, headers: { 'x-amz-copy-source': '/b/src' } })
 */
export async function uploadPartCompat(
  t: Transport,
  config: unknown,
  payload?: unknown,
): Promise<UploadPartResult> {
  const { bucketName, objectName, uploadID, partNumber, headers } = (config ??
    {}) as Partial<UploadPartConfig>
  const query = `uploadId=${encodeURIComponent(String(uploadID))}&partNumber=${encodeURIComponent(String(partNumber))}`
  const res = await rawRequest(t, { method: 'PUT', bucketName, objectName, query, headers }, payload ?? '')
  const fromHeader = sanitizeETag(typeof res.headers.etag === 'string' ? res.headers.etag : undefined)
  let etag = fromHeader
  const body = await readBody(res)
  if (etag === '' && body.trim() !== '') {
    etag = sanitizeETag(textOf(await parseXml(body, 'CopyPartResult'), 'ETag'))
  }
  return { etag, key: objectName as string, part: partNumber as number }
}

function toS3Request(options: unknown, body: Uint8Array | undefined, region: unknown): S3Request {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('options should be of type "object"')
  const { method, bucketName, objectName, query, headers } = options as RawRequestOptions
  const verb = typeof method === 'string' ? method.toUpperCase() : ''
  if (!METHODS.has(verb)) throw new TypeError(`Invalid method: ${String(method)}`)
  if (bucketName !== undefined && bucketName !== '') assertBucketName(bucketName)
  if (objectName !== undefined && objectName !== '') assertObjectName(objectName)
  const sent: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined && value !== null) sent[name.toLowerCase()] = String(value)
  }
  return {
    method: verb as S3Method,
    bucket: bucketName || undefined,
    key: objectName || undefined,
    query: parseQuery(query ?? ''),
    headers: sent,
    body: body ?? (verb === 'PUT' || verb === 'POST' ? new Uint8Array() : undefined),
    region: typeof region === 'string' && region !== '' ? region : undefined,
  }
}

// `a=1&b&c=x%20y` → { a: '1', b: '', c: 'x y' }; a repeated name keeps every value.
function parseQuery(query: string): Record<string, string | string[]> | undefined {
  if (query === '') return undefined
  const params: Record<string, string | string[]> = {}
  for (const pair of query.split('&')) {
    if (pair === '') continue
    const at = pair.indexOf('=')
    const name = decodeURIComponent(at < 0 ? pair : pair.slice(0, at))
    const value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1))
    const existing = params[name]
    params[name] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]
  }
  return params
}

async function payloadBytes(payload: unknown): Promise<Uint8Array | undefined> {
  if (payload === undefined || payload === null || payload === '') return undefined
  if (typeof payload === 'string') return new TextEncoder().encode(payload)
  if (payload instanceof Uint8Array) return payload
  if (typeof payload === 'object' && (Symbol.asyncIterator in payload || 'getReader' in payload)) {
    const chunks: Uint8Array[] = []
    let length = 0
    for await (const chunk of iterateChunks(payload as never)) {
      chunks.push(chunk)
      length += chunk.byteLength
    }
    const bytes = new Uint8Array(length)
    let at = 0
    for (const chunk of chunks) {
      bytes.set(chunk, at)
      at += chunk.byteLength
    }
    return bytes
  }
  throw new TypeError('payload should be a string, a Buffer or a stream')
}

async function readBody(stream: BodyStream): Promise<string> {
  const decoder = new TextDecoder()
  let text = ''
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
  }
  return text + decoder.decode()
}
