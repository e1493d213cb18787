/**
 * SDK error classes, one per failure kind. Each pins its `name` so `err.name === 'S3Error'` works
 * across realms and bundles where `instanceof` does not. The argument-error names are the ones
 * minio-js users already catch.
 */
import type { S3ErrorCode } from '../shared/errors/catalogue.js'

/**
 * Thrown when an argument or client option is invalid; the message names the bad argument.
 * @example
 * try { await client.putObject('bucket', 'key', 42 as never) } catch (e) { if (e instanceof InvalidArgumentError) console.error(e.message) }
 */
export class InvalidArgumentError extends Error {
  override readonly name = 'InvalidArgumentError'
}

/**
 * The `endPoint` option is not a bare host name or IP address.
 * @example
 * new Client({ endPoint: 'http://localhost:9000' }) // throws InvalidEndpointError
 */
export class InvalidEndpointError extends Error {
  override readonly name = 'InvalidEndpointError'
}

/**
 * A bucket name breaks the S3 naming rules; the message says which rule.
 * @example
 * await client.makeBucket('Bad_Name').catch((e) => e.name) // 'InvalidBucketNameError'
 */
export class InvalidBucketNameError extends Error {
  override readonly name = 'InvalidBucketNameError'
}

/**
 * An object name is empty, not a string, or longer than 1,024 UTF-8 bytes.
 * @example
 * await client.statObject('bucket', '').catch((e) => e.name) // 'InvalidObjectNameError'
 */
export class InvalidObjectNameError extends Error {
  override readonly name = 'InvalidObjectNameError'
}

/**
 * A listing prefix is not a string of at most 1,024 UTF-8 bytes.
 * @example
 * if (err.name === 'InvalidPrefixError') console.error(err.message)
 */
export class InvalidPrefixError extends Error {
  override readonly name = 'InvalidPrefixError'
}

/**
 * The operation needs credentials (presigning, POST policies) but the client is anonymous.
 * @example
 * if (err.name === 'AnonymousRequestError') console.error('configure accessKey and secretKey')
 */
export class AnonymousRequestError extends Error {
  override readonly name = 'AnonymousRequestError'
}

/**
 * A presigned URL expiry is outside 1 second to 7 days.
 * @example
 * if (err.name === 'ExpiresParamError') console.error(err.message)
 */
export class ExpiresParamError extends Error {
  override readonly name = 'ExpiresParamError'
}

/**
 * A successful response carried XML the SDK could not understand.
 * @example
 * if (err.name === 'InvalidXMLError') console.error('unexpected server response', err.message)
 */
export class InvalidXMLError extends Error {
  override readonly name = 'InvalidXMLError'
}

/** Options of `NetworkError` and `TimeoutError`: the cause, and the system error code. */
export interface NetworkErrorOptions extends ErrorOptions {
  /** `ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND`, `ETIMEDOUT`...; taken from `cause` when absent. */
  code?: string | undefined
}

/**
 * The request never got an HTTP response: connection refused, reset, DNS failure, TLS error.
 * The underlying error is in `cause`; `code` is the system error code (`ECONNREFUSED`,
 * `ECONNRESET`, `ENOTFOUND`, `ETIMEDOUT`, a TLS code such as `DEPTH_ZERO_SELF_SIGNED_CERT`), as
 * minio-js's errors carry it, so `err.code === 'ECONNREFUSED'` checks work unchanged. In
 * browsers, where `fetch` hides the reason, it is `ERR_NETWORK`.
 * @example
 * if (err.name === 'NetworkError' && err.code === 'ECONNREFUSED') console.error('server is down')
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
  /** The system error code of the failure. */
  readonly code: string

  constructor(message: string, options: NetworkErrorOptions = {}) {
    super(message, options)
    this.code = options.code ?? codeOf(options.cause) ?? 'ERR_NETWORK'
  }
}

/**
 * The request was aborted because its time limit ran out; `code` is `ETIMEDOUT`.
 * @example
 * if (err.name === 'TimeoutError') retryLater()
 */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError'
  /** Always `ETIMEDOUT`, the code Node gives a timed-out connection. */
  readonly code = 'ETIMEDOUT'
}

/** The `code` of an error or of the errors it wraps (undici's fetch nests it in `cause`). */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Object && depth < 4; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && code !== '') return code
  }
  return undefined
}

/**
 * Fields of an {@link S3Error} beyond its message.
 * @example
 * const details: S3ErrorDetails = { code: 'NoSuchKey', statusCode: 404, key: 'a.jpg' }
 */
export interface S3ErrorDetails {
  /** The S3 error code (`NoSuchKey`, `AccessDenied`, ...); unknown codes are kept as given. */
  code: S3ErrorCode | (string & {})
  /** The HTTP status of the response. */
  statusCode: number
  /** `x-amz-request-id`, or the `RequestId` element of the error body. */
  requestId?: string | undefined
  /** `x-amz-id-2`, or the `HostId` element of the error body. */
  hostId?: string | undefined
  /** The resource the server names in the error body. */
  resource?: string | undefined
  /** The bucket of the failed request. */
  bucketName?: string | undefined
  /** The object key of the failed request. */
  key?: string | undefined
  /** The region the server reports (error body `Region` or `x-amz-bucket-region`). */
  region?: string | undefined
}

/**
 * The server answered with an error. `code` is the S3 error code; for HEAD requests, which carry no
 * body, it is derived from the status (`NotFound`, `AccessDenied`, ...).
 * @example
 * try { await client.statObject('photos', 'missing.jpg') }
 * catch (e) { if (e instanceof S3Error && e.code === 'NotFound') console.log('no such object') }
 */
export class S3Error extends Error implements S3ErrorDetails {
  override readonly name = 'S3Error'
  readonly code: S3ErrorCode | (string & {})
  readonly statusCode: number
  readonly requestId: string | undefined
  readonly hostId: string | undefined
  readonly resource: string | undefined
  readonly bucketName: string | undefined
  readonly key: string | undefined
  readonly region: string | undefined

  constructor(message: string, details: S3ErrorDetails) {
    super(message)
    this.code = details.code
    this.statusCode = details.statusCode
    this.requestId = details.requestId
    this.hostId = details.hostId
    this.resource = details.resource
    this.bucketName = details.bucketName
    this.key = details.key
    this.region = details.region
  }
}
