import type { CorsRule } from './cors-configuration.js'

/** What a CORS request asks for: the page's origin, the method, and (preflight) its headers. */
export interface CorsAsk {
  origin: string
  method: string
  /** Access-Control-Request-Headers, lower-cased; empty for an actual request. */
  headers: string[]
}

/** The rule that answers a request, and the origin pattern of it that matched. */
export interface CorsMatch {
  rule: CorsRule
  /** `*` when the rule allows any origin: then S3 answers `Access-Control-Allow-Origin: *`. */
  origin: string
}

/**
 * The first rule that allows the ask, as S3 evaluates them: an AllowedOrigin matching the
 * origin (one `*` matches any run of characters), the method among AllowedMethod, and every
 * requested header matching an AllowedHeader (case-insensitive, `*` as for origins).
 *
 * @example matchCorsRule(rules, { origin: 'https://app.example', method: 'GET', headers: [] })
 */
export function matchCorsRule(rules: readonly CorsRule[], ask: CorsAsk): CorsMatch | undefined {
  for (const rule of rules) {
    if (!rule.allowedMethods.includes(ask.method)) continue
    const origin = rule.allowedOrigins.find((pattern) => matchesWildcard(pattern, ask.origin))
    if (origin === undefined) continue
    const allowed = rule.allowedHeaders.map((h) => h.toLowerCase())
    if (ask.headers.every((h) => allowed.some((pattern) => matchesWildcard(pattern, h))))
      return { rule, origin }
  }
  return undefined
}

/**
 * Splits Access-Control-Request-Headers (`authorization, X-Amz-Date`) into lower-cased names.
 * @example parseRequestHeaders('authorization, X-Amz-Date') // ['authorization', 'x-amz-date']
 */
export function parseRequestHeaders(value: string | undefined): string[] {
  if (value === undefined) return []
  return value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '')
}

/** `pattern` holds at most one `*` (PutBucketCors refuses more). */
function matchesWildcard(pattern: string, value: string): boolean {
  const star = pattern.indexOf('*')
  if (star === -1) return pattern === value
  const head = pattern.slice(0, star)
  const tail = pattern.slice(star + 1)
  return value.length >= head.length + tail.length && value.startsWith(head) && value.endsWith(tail)
}
