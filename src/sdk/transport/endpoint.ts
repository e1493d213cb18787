/**
 * Addressing: where a request for (bucket, key) goes — path style `host/bucket/key` or virtual host
 * `bucket.host/key` — and the Host header that is signed with it.
 */
import { escapeKey } from './uri-escape.js'

/** The resolved endpoint of a client. */
export interface Endpoint {
  readonly protocol: 'http:' | 'https:'
  /** Lower-case host name or IP; IPv6 without brackets. */
  readonly host: string
  readonly port: number
  readonly pathStyle: boolean
}

/** Where one request goes. */
export interface Address {
  /** Host to connect to. */
  hostname: string
  /** Value of the Host header (with `:port` unless it is the scheme's default). */
  hostHeader: string
  /** Escaped path, without query. */
  path: string
}

// AWS's global endpoints need virtual-host addressing even with the default pathStyle: true (minio-js parity).
const IP_HOST = /^[\d.]+$|:/
const AMAZON_HOSTS = new Set(['s3.amazonaws.com', 's3.cn-north-1.amazonaws.com.cn'])

/**
 * Whether a host is one of AWS's global S3 endpoints (where Transfer Acceleration applies).
 * @example
 * isAmazonHost('s3.amazonaws.com') // true
 */
export function isAmazonHost(host: string): boolean {
  return AMAZON_HOSTS.has(host)
}

/**
 * Decides path style vs virtual host for a bucket: HTTPS with a dotted bucket stays path style
 * (a wildcard certificate cannot cover `a.b.host`); AWS global endpoints or `pathStyle: false` use
 * virtual host; otherwise (and always for IP endpoints) path style.
 * @example
 * isVirtualHost({ protocol: 'https:', host: 's3.amazonaws.com', port: 443, pathStyle: true }, 'photos') // true
 */
export function isVirtualHost(endpoint: Endpoint, bucket: string): boolean {
  if (endpoint.protocol === 'https:' && bucket.includes('.')) return false
  if (IP_HOST.test(endpoint.host)) return false
  return !endpoint.pathStyle || AMAZON_HOSTS.has(endpoint.host)
}

/**
 * The Host header for a host name on this endpoint.
 * @example
 * formatHostHeader({ protocol: 'http:', host: '::1', port: 9000, pathStyle: true }, '::1') // '[::1]:9000'
 */
export function formatHostHeader(endpoint: Endpoint, hostname: string): string {
  const host = hostname.includes(':') ? `[${hostname}]` : hostname
  const defaultPort = endpoint.protocol === 'https:' ? 443 : 80
  return endpoint.port === defaultPort ? host : `${host}:${endpoint.port}`
}

/**
 * Creates the addressing function of an endpoint; the bucket-less Host header is computed once.
 * @example
 * const address = createAddressing(endpoint)
 * address('photos', 'a b.jpg').path // '/photos/a%20b.jpg'
 */
export function createAddressing(endpoint: Endpoint): (bucket?: string, key?: string) => Address {
  const baseHost = formatHostHeader(endpoint, endpoint.host)
  return (bucket, key) => {
    const keyPath = key === undefined ? '' : escapeKey(key)
    if (bucket === undefined) return { hostname: endpoint.host, hostHeader: baseHost, path: '/' }
    if (isVirtualHost(endpoint, bucket)) {
      const hostname = `${bucket}.${endpoint.host}`
      return { hostname, hostHeader: formatHostHeader(endpoint, hostname), path: `/${keyPath}` }
    }
    return {
      hostname: endpoint.host,
      hostHeader: baseHost,
      path: key === undefined ? `/${bucket}` : `/${bucket}/${keyPath}`,
    }
  }
}
