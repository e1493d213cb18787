/**
 * Validates an alias endpoint: `http://` or `https://`, a host, an optional port, nothing else
 * (no path, query, fragment or credentials: the keys are separate arguments).
 */
import { UsageError } from '../errors/cli-error.js'

/** A validated endpoint, in the form `new Client(...)` takes. */
export interface Endpoint {
  /** The normalised URL, `scheme://host:port` without a trailing slash. */
  url: string
  host: string
  port: number
  useSSL: boolean
}

/**
 * Parses and checks an endpoint URL; throws a `UsageError` naming what is wrong.
 * @example
 * parseEndpoint('http://127.0.0.1:9000') // { url: 'http://127.0.0.1:9000', host: '127.0.0.1', port: 9000, useSSL: false }
 * parseEndpoint('https://s3.example.com').port // 443
 */
export function parseEndpoint(text: string): Endpoint {
  const bad = (why: string) =>
    new UsageError(`invalid endpoint "${text}": ${why} (expected a URL like http://127.0.0.1:9000)`)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw bad(/^[a-z]+:\/\//i.test(text) ? 'not a valid URL' : 'it needs a scheme, http:// or https://')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw bad(`scheme "${url.protocol.slice(0, -1)}" is not supported; use http or https`)
  }
  if (!url.hostname) throw bad('it has no host')
  if (url.username || url.password) throw bad('put the keys in ACCESS_KEY and SECRET_KEY, not in the URL')
  if (url.pathname !== '/' || url.search || url.hash) throw bad('it must not have a path, query or fragment')
  const useSSL = url.protocol === 'https:'
  const port = url.port ? Number(url.port) : useSSL ? 443 : 80
  if (port === 0) throw bad('port 0 is not a port a server listens on')
  return { url: `${url.protocol}//${url.hostname}:${port}`, host: url.hostname, port, useSSL }
}
