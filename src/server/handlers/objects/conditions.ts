import type { IncomingHttpHeaders } from 'node:http'
import { S3ServerError } from '../../errors.js'
import type { ObjectInfo } from '../../storage/object-layer.js'

/** What a set of conditional headers says about an object: fine, 304, or the failing 412 condition. */
type Verdict = 'ok' | 'not-modified' | 'If-Match' | 'If-Unmodified-Since'

/**
 * Evaluates If-Match / If-Unmodified-Since (412 PreconditionFailed) and If-None-Match /
 * If-Modified-Since (304 NotModified) for GET and HEAD, in RFC 9110 §13.2.2 order.
 *
 * @example checkConditions(req.headers, info)
 */
export function checkConditions(headers: IncomingHttpHeaders, info: ObjectInfo): void {
  const verdict = evaluate(headers, info, '')
  if (verdict === 'not-modified') throw new S3ServerError('NotModified')
  if (verdict !== 'ok') throw new S3ServerError('PreconditionFailed', undefined, { Condition: verdict })
}

/**
 * CopyObject's and UploadPartCopy's `x-amz-copy-source-if-*` headers against the source: any
 * failing condition is 412 PreconditionFailed (a copy has nothing to answer 304 with).
 *
 * @example checkCopySourceConditions(req.headers, source)
 */
export function checkCopySourceConditions(headers: IncomingHttpHeaders, source: ObjectInfo): void {
  if (evaluate(headers, source, 'x-amz-copy-source-') !== 'ok') {
    throw new S3ServerError(
      'PreconditionFailed',
      'At least one of the copy source preconditions did not hold.',
    )
  }
}

function evaluate(headers: IncomingHttpHeaders, info: ObjectInfo, prefix: string): Verdict {
  // HTTP dates have whole seconds: compare at that resolution.
  const modified = Math.floor(info.lastModified.getTime() / 1000) * 1000
  const header = (name: string) => {
    const value = headers[prefix + name]
    return typeof value === 'string' ? value : undefined
  }
  const ifMatch = header('if-match')
  if (ifMatch !== undefined) {
    if (!etagMatches(ifMatch, info.etag)) return 'If-Match'
  } else if (isAfter(modified, header('if-unmodified-since'))) {
    return 'If-Unmodified-Since'
  }
  const ifNoneMatch = header('if-none-match')
  if (ifNoneMatch !== undefined) {
    if (etagMatches(ifNoneMatch, info.etag)) return 'not-modified'
  } else {
    const since = header('if-modified-since')
    if (since !== undefined && isValidDate(since) && !isAfter(modified, since)) return 'not-modified'
  }
  return 'ok'
}

function etagMatches(list: string, etag: string): boolean {
  return list.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '')
    return tag === '*' || tag === `"${etag}"` || tag === etag
  })
}

function isValidDate(date: string): boolean {
  return !Number.isNaN(Date.parse(date))
}

/** Whether the object was modified after `date` (an unparsable date is ignored, as S3 does). */
function isAfter(modified: number, date: string | undefined): boolean {
  if (date === undefined) return false
  const at = Date.parse(date)
  return !Number.isNaN(at) && modified > at
}
