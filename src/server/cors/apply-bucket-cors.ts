/**
 * CORS by a bucket's own rules (PutBucketCors), as S3 applies them: a preflight is answered by
 * the first matching rule or refused (403 AccessForbidden); an actual request gets the
 * matching rule's headers, or none at all when no rule matches (the request itself still runs:
 * CORS only tells the browser whether the page may read the answer).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { S3ServerError } from '../errors.js'
import type { CorsRule } from './cors-configuration.js'
import { type CorsMatch, matchCorsRule, parseRequestHeaders } from './match-cors-rule.js'

// S3's words, its typo included ("evalution"), so clients matching on them keep working.
const NOT_ALLOWED =
  "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec."

const VARY = 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method'

/**
 * Answers a preflight by `rules`: 200 with the matching rule's headers, or AccessForbidden.
 * @example answerBucketPreflight(rules, req, res, 'https://app.example', 'OBJECT')
 */
export function answerBucketPreflight(
  rules: readonly CorsRule[],
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  resourceType: 'BUCKET' | 'OBJECT',
): void {
  const method = String(req.headers['access-control-request-method'])
  const requested = parseRequestHeaders(req.headers['access-control-request-headers'] as string | undefined)
  const match = matchCorsRule(rules, { origin, method, headers: requested })
  if (!match)
    throw new S3ServerError('AccessForbidden', NOT_ALLOWED, { Method: method, ResourceType: resourceType })
  setMatchHeaders(res, match, origin)
  if (requested.length > 0) res.setHeader('access-control-allow-headers', requested.join(', '))
  res.writeHead(200, { 'content-length': 0 })
  res.end()
}

/**
 * Adds the headers of the rule matching an actual request's origin and method, if any.
 * @example applyBucketCors(rules, req, res, 'https://app.example')
 */
export function applyBucketCors(
  rules: readonly CorsRule[],
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): void {
  const match = matchCorsRule(rules, { origin, method: req.method ?? 'GET', headers: [] })
  if (match) setMatchHeaders(res, match, origin)
}

function setMatchHeaders(res: ServerResponse, { rule, origin: pattern }: CorsMatch, origin: string): void {
  // A rule for any origin answers `*`, which a browser accepts only without credentials; a
  // named (or partly wildcard) origin is echoed and credentials allowed, as S3 does.
  if (pattern === '*') {
    res.setHeader('access-control-allow-origin', '*')
  } else {
    res.setHeader('access-control-allow-origin', origin)
    res.setHeader('access-control-allow-credentials', 'true')
  }
  res.setHeader('access-control-allow-methods', rule.allowedMethods.join(', '))
  if (rule.exposeHeaders.length > 0)
    res.setHeader('access-control-expose-headers', rule.exposeHeaders.join(', '))
  if (rule.maxAgeSeconds !== undefined) res.setHeader('access-control-max-age', String(rule.maxAgeSeconds))
  res.setHeader('vary', VARY)
}
