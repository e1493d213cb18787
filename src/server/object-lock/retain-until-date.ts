import { S3ServerError } from '../errors.js'

// ISO 8601 date-time as S3 takes it (`2030-01-01T00:00:00Z`, `...00.000Z`, `...00+02:00`).
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

/**
 * Parses a RetainUntilDate (a header or the Retention document's element named by `what`):
 * InvalidArgument unless it is an ISO 8601 date-time in the future, as S3 answers.
 *
 * @example parseRetainUntilDate('2030-01-01T00:00:00Z', new Date(), 'RetainUntilDate')
 */
export function parseRetainUntilDate(text: string, now: Date, what: string): Date {
  const trimmed = text.trim()
  // Date keeps milliseconds only: a fraction of more digits is cut, not rounded up past the date.
  const date = ISO_8601.test(trimmed) ? new Date(trimmed.replace(/(\.\d{3})\d+/, '$1')) : new Date(Number.NaN)
  if (Number.isNaN(date.getTime())) {
    throw new S3ServerError(
      'InvalidArgument',
      `${what} must be provided in ISO 8601 format, as 2030-01-01T00:00:00Z.`,
      {
        ArgumentName: what,
        ArgumentValue: text.slice(0, 64),
      },
    )
  }
  if (date.getTime() <= now.getTime()) {
    throw new S3ServerError('InvalidArgument', 'The retain until date must be in the future!', {
      ArgumentName: what,
      ArgumentValue: text.slice(0, 64),
    })
  }
  return date
}
