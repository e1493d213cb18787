/**
 * Turns any thrown value into the "why" half of the one-line error: the server's message and
 * code for S3 errors, a hint for the network failures people hit first (server down,
 * self-signed certificate), the path for local file errors.
 */

const SELF_SIGNED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

interface Coded {
  code?: unknown
  path?: unknown
  cause?: unknown
}

/**
 * The reason an operation failed, on one line.
 * @example
 * describeError(new S3Error('The specified bucket does not exist.', { code: 'NoSuchBucket', statusCode: 404 }))
 * // 'The specified bucket does not exist. (NoSuchBucket)'
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error))
  const { code, path, cause } = error as Error & Coded
  const causeCode = (cause as Coded | undefined)?.code
  if (error.name === 'S3Error' && typeof code === 'string') {
    return oneLine(error.message && error.message !== code ? `${error.message} (${code})` : code)
  }
  if (error.name === 'NetworkError' && typeof causeCode === 'string') {
    if (SELF_SIGNED.has(causeCode)) {
      return oneLine(`${error.message}; for a self-signed certificate, add --insecure`)
    }
    if (causeCode === 'ECONNREFUSED') return oneLine(`${error.message}; is the server running?`)
  }
  if (typeof code === 'string' && typeof path === 'string' && code === 'ENOENT') {
    return `no such file or directory: ${path}`
  }
  if (typeof code === 'string' && typeof path === 'string' && code === 'EACCES') {
    return `permission denied: ${path}`
  }
  return oneLine(error.message || error.name)
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim()
}
