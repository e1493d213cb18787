import { SCOPE_TERMINATOR } from './constants.js'

/**
 * The credential scope `<yyyymmdd>/<region>/<service>/aws4_request`.
 * @example createCredentialScope('20130524', 'us-east-1') // '20130524/us-east-1/s3/aws4_request'
 */
export function createCredentialScope(date: string, region: string, service = 's3'): string {
  return `${date}/${region}/${service}/${SCOPE_TERMINATOR}`
}

/**
 * `date` as SigV4's basic ISO-8601 timestamp.
 * @example formatAmzDate(new Date(Date.UTC(2013, 4, 24))) // '20130524T000000Z'
 */
export function formatAmzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/

/**
 * Parses `yyyymmddThhmmssZ` into epoch milliseconds, or `undefined` when malformed or not a
 * real time (month 13, 30 February, hour 25).
 * @example parseAmzDate('20130524T000000Z') // 1369353600000
 */
export function parseAmzDate(value: string): number | undefined {
  const m = AMZ_DATE.exec(value)
  if (!m) return undefined
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)
  // Date.UTC rolls out-of-range fields over (30 February is 2 March): only a value that formats
  // back to itself names a real time.
  return !Number.isNaN(ms) && formatAmzDate(new Date(ms)) === value ? ms : undefined
}
