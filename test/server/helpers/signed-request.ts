import { createHash } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import {
  formatAmzDate,
  parseQueryString,
  presignRequest,
  signRequest,
  UNSIGNED_PAYLOAD,
} from '../../../src/shared/sigv4/index.js'
import { ROOT } from './test-server.js'

export interface SignedRequestOptions {
  headers?: Record<string, string>
  body?: Buffer | string
  /** Default: the SHA-256 of the body. */
  payloadHash?: string
  date?: Date
  accessKey?: string
  secretKey?: string
  region?: string
  /** Send without an Authorization header. */
  anonymous?: boolean
}

export interface TestResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  text: string
}

/**
 * Sends one request signed with the shared SigV4 functions (the server's own verifier is what
 * is under test, so signing uses the plain pieces, not the server code).
 */
export function s3(
  baseUrl: string,
  method: string,
  target: string,
  options: SignedRequestOptions = {},
): Promise<TestResponse> {
  // Not `new URL(target)`: it would resolve dot segments, and S3 keys may contain them.
  const url = rawUrl(baseUrl, target)
  const body = options.body === undefined ? Buffer.alloc(0) : Buffer.from(options.body)
  const date = options.date ?? new Date()
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': formatAmzDate(date),
    'x-amz-content-sha256': options.payloadHash ?? sha256Hex(body),
    ...(body.length > 0 || method === 'PUT' ? { 'content-length': String(body.length) } : {}),
    ...options.headers,
  }
  if (!options.anonymous) {
    const { authorization } = signRequest(
      nodeCrypto,
      { method, path: url.pathname, query: parseQueryString(url.search.slice(1)), headers },
      {
        accessKey: options.accessKey ?? ROOT.accessKey,
        secretKey: options.secretKey ?? ROOT.secretKey,
        region: options.region ?? 'us-east-1',
        date,
        // SignedHeaders names are lower-case (SigV4); a mixed-case name would sign an empty value.
        signedHeaders: Object.keys(headers)
          .map((h) => h.toLowerCase())
          .filter((h) => h !== 'content-length'),
      },
    )
    headers.authorization = authorization
  }
  return send(url, method, headers, body)
}

/**
 * The headers of a signed request whose body the test sends itself (raw sockets, slow, cut or
 * short bodies): UNSIGNED-PAYLOAD, and only host, x-amz-date and x-amz-content-sha256 signed,
 * so `extra` headers (content-length) can say anything.
 */
export function signedHeadersFor(
  baseUrl: string,
  method: string,
  target: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  const url = rawUrl(baseUrl, target)
  const date = new Date()
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': formatAmzDate(date),
    'x-amz-content-sha256': UNSIGNED_PAYLOAD,
    ...extra,
  }
  const { authorization } = signRequest(
    nodeCrypto,
    { method, path: url.pathname, query: parseQueryString(url.search.slice(1)), headers },
    {
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
      region: 'us-east-1',
      date,
      signedHeaders: ['host', 'x-amz-date', 'x-amz-content-sha256'],
    },
  )
  return { ...headers, authorization }
}

/** Options of `presignedUrl`. */
export interface PresignOptions {
  /** Headers the signature covers besides host (the request must send them as given). */
  signed?: Record<string, string>
  /** Query parameters signed into the URL (response-content-type ...). */
  query?: Array<[string, string]>
  /** Default: now. */
  date?: Date
  /** X-Amz-Expires in seconds; default 60. */
  expires?: number
}

/** A URL presigned with the root credential for `method` on `path` of the server at `baseUrl`. */
export function presignedUrl(
  baseUrl: string,
  method: string,
  path: string,
  options: PresignOptions = {},
): URL {
  const url = new URL(path, baseUrl)
  const signed = options.signed ?? {}
  const { query } = presignRequest(
    nodeCrypto,
    { method, path: url.pathname, query: options.query, headers: { host: url.host, ...signed } },
    {
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
      region: 'us-east-1',
      date: options.date ?? new Date(),
      expires: options.expires ?? 60,
      signedHeaders: ['host', ...Object.keys(signed)],
    },
  )
  for (const [k, v] of query) url.searchParams.append(k, v)
  return url
}

/** Base URL host plus a raw request target, kept exactly as written. */
interface RawUrl {
  /** 'https:' for a TLS server; plain HTTP when left out. */
  protocol?: string
  host: string
  hostname: string
  port: string
  pathname: string
  search: string
}

function rawUrl(baseUrl: string, target: string): RawUrl {
  const base = new URL(baseUrl)
  const q = target.indexOf('?')
  return {
    protocol: base.protocol,
    host: base.host,
    hostname: base.hostname,
    port: base.port,
    pathname: q === -1 ? target : target.slice(0, q),
    search: q === -1 ? '' : target.slice(q),
  }
}

export function send(
  url: RawUrl | URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const options = {
      method,
      headers,
      hostname: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
    }
    // An https:// server (SSE-C needs TLS) is the tests' own self-signed one.
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest
    const req = request({ ...options, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const all = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: all, text: all.toString('utf8') })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
export const md5Base64 = (data: Buffer | string) => createHash('md5').update(data).digest('base64')
export const md5Hex = (data: Buffer | string) => createHash('md5').update(data).digest('hex')
export { UNSIGNED_PAYLOAD }

/** The text of `<name>…</name>` in an XML body. */
export function xmlField(xml: string, name: string): string | undefined {
  const text = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]
  return text
    ?.replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&')
}
