import { formatAmzDate, parseAmzDate } from '../../shared/sigv4/scope.js'
import { S3ServerError } from '../errors.js'

/** Largest clock difference S3 accepts between client and server. */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000

// Requests arriving in the same second carry the same x-amz-date: parse it once.
let lastAmzDate = ''
let lastMs = 0

/** The signing time of a header-signed request: `x-amz-date`, else `Date`. */
export interface RequestTime {
  /** As it appears in the string to sign (`yyyymmddThhmmssZ`). */
  amzDate: string
  ms: number
}

/**
 * Reads the signing time and checks it is within ±15 minutes of `now`.
 * Throws AccessDenied when absent or unparsable, RequestTimeTooSkewed when too far off.
 *
 * @example readRequestTime({ 'x-amz-date': '20130524T000000Z' }, Date.UTC(2013, 4, 24, 0, 5))
 */
export function readRequestTime(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: number,
): RequestTime {
  const amz = headers['x-amz-date']
  let time: RequestTime | undefined
  if (typeof amz === 'string') {
    const ms = amz === lastAmzDate ? lastMs : parseAmzDate(amz)
    if (ms !== undefined) {
      lastAmzDate = amz
      lastMs = ms
      time = { amzDate: amz, ms }
    }
  } else if (typeof headers.date === 'string') {
    const ms = Date.parse(headers.date)
    if (!Number.isNaN(ms)) time = { amzDate: formatAmzDate(new Date(ms)), ms }
  }
  if (!time) {
    throw new S3ServerError('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header.')
  }
  checkSkew(time.ms, now)
  return time
}

/** Throws RequestTimeTooSkewed when `time` is more than 15 minutes from `now`. */
export function checkSkew(time: number, now: number): void {
  if (Math.abs(now - time) <= MAX_CLOCK_SKEW_MS) return
  throw new S3ServerError(
    'RequestTimeTooSkewed',
    "The difference between the request time and the server's time is too large.",
    {
      RequestTime: new Date(time).toISOString(),
      ServerTime: new Date(now).toISOString(),
      MaxAllowedSkewMilliseconds: String(MAX_CLOCK_SKEW_MS),
    },
  )
}
