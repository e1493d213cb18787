import { formatAuthorizationHeader } from './authorization-header.js'
import { canonicalHeaders, type HeaderValue, lowerCaseHeaders } from './canonical-headers.js'
import { canonicalQueryString, type QueryPairs } from './canonical-query.js'
import { createCanonicalRequest } from './canonical-request.js'
import { type CanonicalUriOptions, canonicalUri } from './canonical-uri.js'
import { EMPTY_SHA256, UNSIGNED_PAYLOAD } from './constants.js'
import type { SigV4Crypto } from './crypto.js'
import { buildPresignedQuery } from './presigned-query.js'
import { createCredentialScope, formatAmzDate } from './scope.js'
import { computeSignature } from './signature.js'
import { deriveSigningKey } from './signing-key.js'
import { createStringToSign } from './string-to-sign.js'

/** A plain request record: what SigV4 signs. */
export interface SigV4Request {
  method: string
  /** The path as sent on the wire (percent-encoded), without the query. */
  path: string
  /** Decoded query parameters. */
  query?: QueryPairs
  /** Headers in any case; `host` must be among them. */
  headers: Readonly<Record<string, HeaderValue>>
}

export interface SignOptions extends CanonicalUriOptions {
  accessKey: string
  secretKey: string
  region: string
  /** Default 's3'. */
  service?: string
  /** Signing time. */
  date: Date
  /** Default: the `x-amz-content-sha256` header, else the hash of an empty body. */
  payloadHash?: string
  /** Lower-case names to sign; default every header given. */
  signedHeaders?: readonly string[]
}

/** A signature with the intermediate strings, for debugging and test vectors. */
export interface SignResult {
  amzDate: string
  scope: string
  signedHeaders: string
  canonicalRequest: string
  stringToSign: string
  signature: string
  /** The `Authorization` header value (header signing only). */
  authorization: string
}

/**
 * Signs `request` for the `Authorization` header. The caller sends the headers it signed,
 * including `x-amz-date` (set to `result.amzDate`) when it is among them.
 *
 * @example
 * ```ts
 * const { authorization } = signRequest(crypto, { method: 'GET', path: '/b/k',
 *   headers: { host: 'localhost:9000', 'x-amz-date': amzDate, 'x-amz-content-sha256': UNSIGNED_PAYLOAD } },
 *   { accessKey, secretKey, region: 'us-east-1', date })
 * ```
 */
export function signRequest(crypto: SigV4Crypto, request: SigV4Request, options: SignOptions): SignResult {
  const headers = lowerCaseHeaders(request.headers)
  const names = [
    ...(options.signedHeaders ?? Object.keys(headers).filter((n) => n !== 'authorization')),
  ].sort()
  const payloadHash = options.payloadHash ?? stringHeader(headers['x-amz-content-sha256']) ?? EMPTY_SHA256
  return sign(crypto, request, options, headers, names, request.query ?? [], payloadHash)
}

/**
 * Signs `request` as a presigned URL valid for `expires` seconds; returns the query to send
 * (the request's own parameters, the `X-Amz-*` ones, and `X-Amz-Signature` last).
 *
 * @example
 * ```ts
 * const { query } = presignRequest(crypto, { method: 'GET', path: '/test.txt',
 *   headers: { host: 'examplebucket.s3.amazonaws.com' } }, { accessKey, secretKey, region, date, expires: 86400 })
 * ```
 */
export function presignRequest(
  crypto: SigV4Crypto,
  request: SigV4Request,
  options: SignOptions & { expires: number; sessionToken?: string },
): SignResult & { query: Array<[string, string]> } {
  const headers = lowerCaseHeaders(request.headers)
  const names = [...(options.signedHeaders ?? ['host'])].sort()
  const amzDate = formatAmzDate(options.date)
  const scope = createCredentialScope(amzDate.slice(0, 8), options.region, options.service)
  const authQuery = buildPresignedQuery({
    accessKey: options.accessKey,
    scope,
    amzDate,
    expires: options.expires,
    signedHeaders: names.join(';'),
    ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
  })
  const query: Array<[string, string]> = [
    ...(request.query ?? []).map(([k, v]): [string, string] => [k, v]),
    ...authQuery,
  ]
  const payloadHash = options.payloadHash ?? UNSIGNED_PAYLOAD
  const result = sign(crypto, request, options, headers, names, query, payloadHash)
  query.push(['X-Amz-Signature', result.signature])
  return { ...result, authorization: '', query }
}

function sign(
  crypto: SigV4Crypto,
  request: SigV4Request,
  options: SignOptions,
  headers: Record<string, HeaderValue>,
  names: string[],
  query: QueryPairs,
  payloadHash: string,
): SignResult {
  const amzDate = formatAmzDate(options.date)
  const scope = createCredentialScope(amzDate.slice(0, 8), options.region, options.service)
  const signedHeaders = names.join(';')
  const canonicalRequest = createCanonicalRequest({
    method: request.method,
    uri: canonicalUri(request.path, options),
    query: canonicalQueryString(query),
    headers: canonicalHeaders(headers, names),
    signedHeaders,
    payloadHash,
  })
  const stringToSign = createStringToSign(crypto, amzDate, scope, canonicalRequest)
  const key = deriveSigningKey(
    crypto,
    options.secretKey,
    amzDate.slice(0, 8),
    options.region,
    options.service,
  )
  const signature = computeSignature(crypto, key, stringToSign)
  const authorization = formatAuthorizationHeader(options.accessKey, scope, signedHeaders, signature)
  return { amzDate, scope, signedHeaders, canonicalRequest, stringToSign, signature, authorization }
}

function stringHeader(value: HeaderValue): string | undefined {
  return typeof value === 'string' ? value : undefined
}
