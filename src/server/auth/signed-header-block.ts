import { canonicalHeaders } from '../../shared/sigv4/canonical-headers.js'
import type { AuthRequest } from './auth-context.js'

/**
 * The canonical headers block of a request as its signer saw it. Node joins a repeated header
 * with ', ' (and keeps only the first of some, such as content-type), but SigV4 joins the
 * trimmed values with ','; so when the request repeats any header name, signed headers are
 * read from `rawHeaders` instead. The common case (no repeats) costs one key count.
 *
 * @example signedHeaderBlock({ method: 'GET', headers: req.headers, rawHeaders: req.rawHeaders }, ['host', 'x-amz-date'])
 */
export function signedHeaderBlock(req: AuthRequest, signedHeaders: readonly string[]): string {
  const raw = req.rawHeaders
  if (raw === undefined || raw.length <= 2 * distinctNames(req.headers)) {
    return canonicalHeaders(req.headers, signedHeaders)
  }
  let out = ''
  for (const name of signedHeaders) {
    const values = rawValuesOf(raw, name)
    out += `${name}:${values.length > 0 ? values.map(canonicalValue).join(',') : ''}\n`
  }
  return out
}

function distinctNames(headers: AuthRequest['headers']): number {
  let n = 0
  for (const _ in headers) n++
  return n
}

function rawValuesOf(raw: readonly string[], name: string): string[] {
  const values: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const candidate = raw[i] as string
    if (candidate.length === name.length && candidate.toLowerCase() === name)
      values.push(raw[i + 1] as string)
  }
  return values
}

// SigV4: trim, and collapse inner runs of whitespace to one space.
function canonicalValue(value: string): string {
  return value.trim().replace(/\s+/g, ' ')
}
