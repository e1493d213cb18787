/**
 * `client.setRequestOptions(options)`: Node HTTP/TLS options applied to every request — the
 * minio-js list plus `timeout`, and `agent` honoured (minio-js keeps only its pick and then lets
 * `transportAgent` override `agent`, and drops `timeout`).
 *
 * Precedence, per request: what the SDK computes for the request (method, host, port, path,
 * headers, abort signal) always wins; then these options (so `agent` here replaces
 * `transportAgent` and the default keep-alive agent); then `transportAgent`; then the shared
 * keep-alive agent. Browsers own TLS and connections, so there the options are validated and
 * kept but have no effect.
 */
import { InvalidArgumentError } from '../errors.js'

/**
 * HTTP/TLS options for every request (Node). `timeout` is milliseconds without socket activity
 * after which the request fails with `TimeoutError`.
 * @example
 * client.setRequestOptions({ ca: readFileSync('ca.pem'), timeout: 30_000 })
 */
export interface RequestOptions {
  agent?: object
  ca?: string | Uint8Array | ReadonlyArray<string | Uint8Array>
  cert?: string | Uint8Array | ReadonlyArray<string | Uint8Array>
  ciphers?: string
  clientCertEngine?: string
  crl?: string | Uint8Array | ReadonlyArray<string | Uint8Array>
  dhparam?: string | Uint8Array
  ecdhCurve?: string
  family?: 4 | 6 | 0
  honorCipherOrder?: boolean
  key?: string | Uint8Array | ReadonlyArray<string | Uint8Array | object>
  passphrase?: string
  pfx?: string | Uint8Array | ReadonlyArray<string | Uint8Array | object>
  rejectUnauthorized?: boolean
  secureOptions?: number
  secureProtocol?: string
  servername?: string
  sessionIdContext?: string
  timeout?: number
}

type Kind = 'object' | 'string' | 'boolean' | 'number' | 'pem'

const OPTION_KINDS: Record<keyof RequestOptions, Kind> = {
  agent: 'object',
  ca: 'pem',
  cert: 'pem',
  ciphers: 'string',
  clientCertEngine: 'string',
  crl: 'pem',
  dhparam: 'pem',
  ecdhCurve: 'string',
  family: 'number',
  honorCipherOrder: 'boolean',
  key: 'pem',
  passphrase: 'string',
  pfx: 'pem',
  rejectUnauthorized: 'boolean',
  secureOptions: 'number',
  secureProtocol: 'string',
  servername: 'string',
  sessionIdContext: 'string',
  timeout: 'number',
}

/**
 * Validates `setRequestOptions` input; throws `InvalidArgumentError` naming an unknown option or
 * a value of the wrong type. Undefined values are dropped.
 * @example
 * resolveRequestOptions({ rejectUnauthorized: false }) // { rejectUnauthorized: false }
 */
export function resolveRequestOptions(options: unknown): RequestOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidArgumentError('setRequestOptions needs an object, e.g. { rejectUnauthorized: false }')
  }
  const resolved: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue
    const kind = OPTION_KINDS[name as keyof RequestOptions]
    if (kind === undefined) {
      throw new InvalidArgumentError(
        `setRequestOptions: unknown option '${name}'; supported: ${Object.keys(OPTION_KINDS).join(', ')}`,
      )
    }
    if (!fits(kind, value)) {
      throw new InvalidArgumentError(
        `setRequestOptions: '${name}' must be ${describeKind(kind)}, got ${typeof value}`,
      )
    }
    if (name === 'timeout' && ((value as number) < 0 || !Number.isFinite(value))) {
      throw new InvalidArgumentError(
        `setRequestOptions: 'timeout' must be milliseconds ≥ 0, got ${String(value)}`,
      )
    }
    resolved[name] = value
  }
  return resolved as RequestOptions
}

function fits(kind: Kind, value: unknown): boolean {
  if (kind === 'pem') return typeof value === 'string' || value instanceof Uint8Array || Array.isArray(value)
  if (kind === 'object') return typeof value === 'object' && value !== null
  return typeof value === kind
}

function describeKind(kind: Kind): string {
  return kind === 'pem' ? 'a string, Buffer or array of them' : `a ${kind}`
}
