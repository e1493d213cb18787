import { parseAmzDate } from '../../../shared/sigv4/scope.js'
import { S3ServerError } from '../../errors.js'
import type { AuthRequest } from '../auth-context.js'
import { checkSkew } from '../request-time.js'

/**
 * The signing time of a V2 header-signed request: `x-amz-date` when present (an HTTP date, as
 * V2 clients send it, or SigV4's `yyyymmddThhmmssZ`), else `Date`. Throws AccessDenied when
 * neither is a date, RequestTimeTooSkewed when more than 15 minutes from `now`.
 *
 * @example readRequestTimeV2({ date: 'Tue, 27 Mar 2007 19:36:42 +0000' }, Date.now())
 */
export function readRequestTimeV2(headers: AuthRequest['headers'], now: number): number {
  const amz = headers['x-amz-date']
  const date = headers.date
  const ms = typeof amz === 'string' ? parseDate(amz) : typeof date === 'string' ? parseDate(date) : undefined
  if (ms === undefined) {
    throw new S3ServerError('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header.')
  }
  checkSkew(ms, now)
  return ms
}

/** An HTTP date or a SigV4 `yyyymmddThhmmssZ`, in epoch milliseconds. */
export function parseDate(text: string): number | undefined {
  const amz = parseAmzDate(text)
  if (amz !== undefined) return amz
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? undefined : ms
}
