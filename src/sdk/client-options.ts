/**
 * `new Client(options)`: the options, their minio-js validation rules and defaults.
 */

import { DEFAULT_PART_SIZE, MAX_PART_SIZE, MIN_PART_SIZE } from './constants.js'
import type { CredentialProvider } from './credentials/credential-provider.js'
import { InvalidArgumentError, InvalidEndpointError } from './errors.js'
import type { RequestOptions } from './request-options/request-options.js'
import { explainInvalidEndpoint } from './validate-endpoint.js'

/**
 * Options of `new Client(...)`.
 * @example
 * const options: ClientOptions = { endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'AK', secretKey: 'SK' }
 */
export interface ClientOptions {
  /** Host name or IP address of the server, without scheme, port or path. */
  endPoint: string
  /** TCP port; absent or 0 means 443 with `useSSL`, else 80. */
  port?: number | undefined
  /** Use HTTPS (default true). */
  useSSL?: boolean | undefined
  /** Access key; the client is anonymous (requests unsigned) when this or `secretKey` is empty. */
  accessKey?: string | undefined
  /** Secret key. */
  secretKey?: string | undefined
  /** Temporary-credential session token, sent as `x-amz-security-token`. */
  sessionToken?: string | undefined
  /** Region to sign for. When set, buckets' regions are never looked up. */
  region?: string | undefined
  /**
   * Custom transport. Node: an object with `request(options, callback)` like `node:https`.
   * Browsers: an object with a `fetch` function.
   */
  transport?: object | undefined
  /** Node only: the `http.Agent` for every request (default: a shared keep-alive agent). */
  transportAgent?: object | undefined
  /** Multipart part size in bytes, 5 MiB to 5 GiB (default 64 MiB). */
  partSize?: number | undefined
  /** Address buckets as `host/bucket` (default true) rather than `bucket.host`. AWS endpoints always use the latter. */
  pathStyle?: boolean | undefined
  /** Where to get credentials before every request (see `Client.setCredentialsProvider`). */
  credentialsProvider?: CredentialProvider | undefined
  /** S3 Transfer Acceleration endpoint (see `Client.setS3TransferAccelerate`). */
  s3AccelerateEndpoint?: string | undefined
}

/** Client options after validation and defaults. */
export interface ResolvedClientOptions {
  host: string
  port: number
  useSSL: boolean
  protocol: 'http:' | 'https:'
  accessKey: string
  secretKey: string
  sessionToken: string | undefined
  region: string | undefined
  anonymous: boolean
  transport: object | undefined
  transportAgent: object | undefined
  partSize: number
  pathStyle: boolean
  /** From `setRequestOptions` (Node): read by the sender on every request. */
  requestOptions: RequestOptions
}

/**
 * Validates client options and applies defaults.
 * @example
 * resolveClientOptions({ endPoint: 'LOCALHOST', useSSL: false }).port // 80
 */
export function resolveClientOptions(options: ClientOptions): ResolvedClientOptions {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError('Client options must be an object, e.g. { endPoint: "localhost" }')
  }
  if ('secure' in options)
    throw new InvalidArgumentError('Option "secure" is deprecated: use "useSSL" instead')
  const endpointProblem = explainInvalidEndpoint(options.endPoint)
  if (endpointProblem)
    throw new InvalidEndpointError(`Invalid endPoint ${JSON.stringify(options.endPoint)}: ${endpointProblem}`)
  const useSSL = optional(options, 'useSSL', 'boolean') ?? true
  const accessKey = optional(options, 'accessKey', 'string') ?? ''
  const secretKey = optional(options, 'secretKey', 'string') ?? ''
  return {
    host: options.endPoint.toLowerCase().replace(/^\[(.*)\]$/, '$1'),
    port: resolvePort(options.port, useSSL),
    useSSL,
    protocol: useSSL ? 'https:' : 'http:',
    accessKey,
    secretKey,
    sessionToken: optional(options, 'sessionToken', 'string') || undefined,
    region: optional(options, 'region', 'string') || undefined,
    anonymous: accessKey === '' || secretKey === '',
    transport: optional(options, 'transport', 'object'),
    transportAgent: optional(options, 'transportAgent', 'object'),
    partSize: resolvePartSize(options.partSize),
    pathStyle: optional(options, 'pathStyle', 'boolean') ?? true,
    requestOptions: {},
  }
}

type TypeName = { boolean: boolean; string: string; object: object }

function optional<K extends keyof ClientOptions, T extends keyof TypeName>(
  options: ClientOptions,
  name: K,
  type: T,
): TypeName[T] | undefined {
  const value: unknown = options[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== type) {
    throw new InvalidArgumentError(
      `Invalid ${name}: must be ${type === 'object' ? 'an' : 'a'} ${type}, got ${describe(value)}`,
    )
  }
  return value as TypeName[T]
}

function resolvePort(port: unknown, useSSL: boolean): number {
  const value = typeof port === 'string' && /^\d+$/.test(port) ? Number(port) : (port ?? 0)
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65535) {
    throw new InvalidArgumentError(`Invalid port: must be an integer from 0 to 65535, got ${describe(port)}`)
  }
  return value === 0 ? (useSSL ? 443 : 80) : value
}

function resolvePartSize(partSize: unknown): number {
  if (partSize === undefined || partSize === null) return DEFAULT_PART_SIZE
  if (
    typeof partSize !== 'number' ||
    !Number.isInteger(partSize) ||
    partSize < MIN_PART_SIZE ||
    partSize > MAX_PART_SIZE
  ) {
    throw new InvalidArgumentError(
      `Invalid partSize: must be an integer from 5 MiB to 5 GiB in bytes, got ${describe(partSize)}`,
    )
  }
  return partSize
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : `${String(value)} (${typeof value})`
}
