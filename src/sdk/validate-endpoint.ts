/** The `endPoint` rule: a bare host name or IP address (minio-js `isValidEndpoint`, with reasons). */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const IPV6 = /^\[?[0-9a-fA-F:]*:[0-9a-fA-F:.]*\]?$/
const FORBIDDEN = /[`~!@#$%^&*()+={}[\]|\\"';:<>?/,\s]/

/**
 * Why `endPoint` is not a valid host name or IP address, or undefined when it is.
 * @example
 * explainInvalidEndpoint('http://localhost') // 'remove the scheme "http://" (use the useSSL option)'
 */
export function explainInvalidEndpoint(endPoint: unknown): string | undefined {
  if (typeof endPoint !== 'string') return 'must be a string host name or IP address'
  if (IPV4.test(endPoint) || (IPV6.test(endPoint) && (endPoint.match(/:/g)?.length ?? 0) >= 2))
    return undefined
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(endPoint)
  if (scheme) return `remove the scheme "${scheme[0]}" (use the useSSL option)`
  if (endPoint.length === 0 || endPoint.length > 255) return 'must be 1 to 255 characters long'
  if (/:\d+$/.test(endPoint)) return 'remove the port (use the port option)'
  if (endPoint.includes('/')) return 'must be a host name only, without a path'
  if (/^[-_.]/.test(endPoint) || /[-_]$/.test(endPoint))
    return 'must not start with "-", "_" or "." or end with "-" or "_"'
  if (FORBIDDEN.test(endPoint)) return 'must contain only letters, digits, "-", "_" and "."'
  return undefined
}
