import type { IncomingHttpHeaders } from 'node:http'
import { S3ServerError } from '../../errors.js'
import type { ObjectInfo } from '../../storage/types.js'

/**
 * Evaluates If-Match / If-Unmodified-Since (412 PreconditionFailed) and If-None-Match /
 * If-Modified-Since (304 NotModified) for GET and HEAD, in RFC 9110 §13.2.2 order.
 *
 * @example checkConditions(req.headers, info)
 */
export function checkConditions(headers: IncomingHttpHeaders, info: ObjectInfo): void {
  const modified = Math.floor(info.lastModified.getTime() / 1000) * 1000
  const ifMatch = headers['if-match']
  if (ifMatch !== undefined) {
    if (!etagMatches(ifMatch, info.etag))
      throw new S3ServerError('PreconditionFailed', undefined, { Condition: 'If-Match' })
  } else if (isAfter(modified, headers['if-unmodified-since'])) {
    throw new S3ServerError('PreconditionFailed', undefined, { Condition: 'If-Unmodified-Since' })
  }
  const ifNoneMatch = headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    if (etagMatches(ifNoneMatch, info.etag)) throw new S3ServerError('NotModified')
  } else if (headers['if-modified-since'] !== undefined && !isAfter(modified, headers['if-modified-since'])) {
    throw new S3ServerError('NotModified')
  }
}

function etagMatches(list: string, etag: string): boolean {
  return list.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '')
    return tag === '*' || tag === `"${etag}"` || tag === etag
  })
}

function isAfter(modified: number, date: string | undefined): boolean {
  if (date === undefined) return false
  const at = Date.parse(date)
  return !Number.isNaN(at) && modified > at
}
