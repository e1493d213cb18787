/** Presigned-URL expiry: whole seconds, 1 second to 7 days (S3's limit). */
import { MAX_PRESIGNED_EXPIRES } from '../../../shared/sigv4/presigned-query.js'
import { ExpiresParamError } from '../../errors.js'

/** Default expiry: 7 days in seconds, the longest S3 accepts. */
export const DEFAULT_EXPIRY = MAX_PRESIGNED_EXPIRES

/**
 * The expiry in seconds (default 7 days; `0` also means the default, as in minio-js). Throws
 * `TypeError` for a non-number (minio-js parity) and `ExpiresParamError` outside 1..604800 or
 * for a fraction.
 * @example
 * resolveExpiry(undefined) // 604800
 * resolveExpiry(0) // 604800
 * resolveExpiry(-1) // throws ExpiresParamError
 */
export function resolveExpiry(expiry: unknown): number {
  if (expiry === undefined || expiry === null || expiry === 0) return DEFAULT_EXPIRY
  if (typeof expiry !== 'number') {
    throw new TypeError(`expiry must be a number of seconds, got ${String(expiry)} (${typeof expiry})`)
  }
  if (!Number.isInteger(expiry) || expiry < 1 || expiry > MAX_PRESIGNED_EXPIRES) {
    throw new ExpiresParamError(
      `expiry must be a whole number of seconds from 1 to ${MAX_PRESIGNED_EXPIRES} (7 days), got ${expiry}`,
    )
  }
  return expiry
}
