/** The bucket and key a request addresses, from its decoded path and Host header. */
export interface Target {
  bucket: string
  key: string
  /** The bucket came from the Host (`<bucket>.<domain>`), not from the path. */
  virtualHost?: boolean
}

/**
 * Splits path-style (`/bucket/key`) or, when `domain` is configured and the Host is
 * `<bucket>.<domain>`, virtual-host-style (`bucket.domain/key`) addressing.
 *
 * @example splitTarget('/photos/2024/a.jpg', 'localhost:9000') // { bucket: 'photos', key: '2024/a.jpg' }
 * @example splitTarget('/a.jpg', 'photos.s3.local:9000', 's3.local') // { bucket: 'photos', key: 'a.jpg' }
 */
export function splitTarget(path: string, host: string | undefined, domain?: string): Target {
  if (domain && host) {
    const bucket = virtualHostBucket(host, domain)
    if (bucket !== undefined) return { bucket, key: path.slice(1), virtualHost: true }
  }
  const slash = path.indexOf('/', 1)
  if (slash === -1) return { bucket: path.slice(1), key: '' }
  return { bucket: path.slice(1, slash), key: path.slice(slash + 1) }
}

function virtualHostBucket(host: string, domain: string): string | undefined {
  const colon = host.lastIndexOf(':')
  const name = (colon > host.lastIndexOf(']') ? host.slice(0, colon) : host).toLowerCase()
  const suffix = `.${domain.toLowerCase()}`
  if (!name.endsWith(suffix) || name.length === suffix.length) return undefined
  return name.slice(0, -suffix.length)
}
