import { canonicalHeaderValue } from '../../shared/sigv4/canonical-headers.js'
import type { AuthRequest } from './auth-context.js'

/** Turns a header value as Node hands it over (latin-1, one char per byte) into the signer's text. */
export type HeaderValueReading = (value: string) => string

const AS_SENT: HeaderValueReading = (value) => value

/**
 * The canonical headers block of a request as its signer saw it. Node joins a repeated header
 * with ', ' (and keeps only the first of some, such as content-type), but SigV4 joins the
 * trimmed values with ','; so when the request repeats any header name, signed headers are
 * read from `rawHeaders` instead. The common case (no repeats) costs one key count. `read`
 * turns each value into the text the signer canonicalised (see check-signature.ts), before it
 * is trimmed (spaces and tabs only: canonicalHeaderValue, the SDK's own rule).
 *
 * @example signedHeaderBlock({ method: 'GET', headers: req.headers, rawHeaders: req.rawHeaders }, ['host', 'x-amz-date'])
 */
export function signedHeaderBlock(
  req: AuthRequest,
  signedHeaders: readonly string[],
  read: HeaderValueReading = AS_SENT,
): string {
  const raw = req.rawHeaders
  const repeats = raw !== undefined && raw.length > 2 * distinctNames(req.headers)
  let out = ''
  for (const name of signedHeaders) {
    const values = repeats ? rawValuesOf(raw, name) : valuesOf(req.headers[name])
    out += `${name}:${values.map((v) => canonicalHeaderValue(read(v))).join(',')}\n`
  }
  return out
}

/**
 * The values the request sent for header `name`, in order: read from `rawHeaders` when the
 * request repeats a header name (Node joins repeats with ', '), else from `headers`.
 *
 * @example sentHeaderValues({ method: 'GET', headers: req.headers, rawHeaders: req.rawHeaders }, 'x-amz-meta-a')
 */
export function sentHeaderValues(req: AuthRequest, name: string): readonly string[] {
  const raw = req.rawHeaders
  if (raw !== undefined && raw.length > 2 * distinctNames(req.headers)) return rawValuesOf(raw, name)
  return valuesOf(req.headers[name])
}

function valuesOf(value: string | string[] | undefined): readonly string[] {
  if (value === undefined) return []
  return typeof value === 'string' ? [value] : value
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
