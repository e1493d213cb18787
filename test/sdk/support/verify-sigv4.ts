/**
 * An independent SigV4 check for tests: recomputes the signature of a received request with
 * node:crypto, following the steps of the AWS SigV4 specification (not the SDK's code).
 */
import { createHash, createHmac } from 'node:crypto'

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest()
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

// RFC 3986 strict encoding, as SigV4 "UriEncode" requires.
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** The parts of a received request the signature covers. */
export interface ReceivedRequest {
  method: string
  /** The raw request target: escaped path and query, as on the wire. */
  target: string
  /** Header lookup (case-insensitive). */
  header(name: string): string | null
}

/**
 * Recomputes the signature of a request and returns both values for comparison.
 * @example
 * const { expected, actual } = recomputeSignature(request, 'secret')
 */
export function recomputeSignature(req: ReceivedRequest, secretKey: string) {
  const auth = req.header('authorization') ?? ''
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    )
  if (!match) throw new Error(`Malformed Authorization header: ${auth}`)
  const [, , date, region, signedHeaders, actual] = match as unknown as string[]
  const [path, query = ''] = req.target.split('?') as [string, string?]
  const canonicalQuery = query
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map((part) => encode(decodeURIComponent(part ?? ''))))
    .map(([k, v = '']) => `${k}=${v}`)
    .sort()
    .join('&')
  const names = signedHeaders!.split(';')
  const canonicalHeaders = names
    .map((n) => `${n}:${(req.header(n) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('')
  const canonicalRequest = [
    req.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    req.header('x-amz-content-sha256'),
  ].join('\n')
  const scope = `${date}/${region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', req.header('x-amz-date'), scope, sha256(canonicalRequest)].join(
    '\n',
  )
  let key = hmac(`AWS4${secretKey}`, date!)
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part)
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex')
  return { expected, actual, region, signedHeaders: names }
}

/** Hex SHA-256, for payload-hash assertions. */
export { sha256 }
