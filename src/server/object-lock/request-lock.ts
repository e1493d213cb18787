import type { HeaderReader } from '../auth/sse-headers.js'
import { S3ServerError } from '../errors.js'
import type { ObjectLayer } from '../storage/object-layer.js'
import {
  defaultRetainUntil,
  isRetentionMode,
  missingObjectLock,
  readObjectLockConfiguration,
} from './lock-configuration.js'
import {
  type LegalHoldStatus,
  legalHoldHeaders,
  type Retention,
  retentionHeaders,
} from './object-lock-state.js'
import { parseRetainUntilDate } from './retain-until-date.js'

/** The request headers that lock a new version (PutObject, CopyObject, CreateMultipartUpload, POST). */
export const LOCK_REQUEST_HEADERS = [
  'x-amz-object-lock-mode',
  'x-amz-object-lock-retain-until-date',
  'x-amz-object-lock-legal-hold',
] as const

/** What a write's lock headers ask for. */
export interface RequestedLock {
  retention?: Retention
  legalHold?: LegalHoldStatus
}

/**
 * Reads a write's `x-amz-object-lock-*` headers as S3 does (400 InvalidArgument): mode and date
 * come together; the mode is GOVERNANCE or COMPLIANCE; the date is ISO 8601 and in the future;
 * the legal hold is ON or OFF.
 *
 * @example readRequestedLock((n) => headers[n], new Date()) // { retention: { mode: 'GOVERNANCE', retainUntil } }
 */
export function readRequestedLock(read: HeaderReader, now: Date): RequestedLock {
  const lock: RequestedLock = {}
  const mode = read('x-amz-object-lock-mode')
  const date = read('x-amz-object-lock-retain-until-date')
  if ((mode === undefined) !== (date === undefined)) {
    throw new S3ServerError(
      'InvalidArgument',
      'x-amz-object-lock-retain-until-date and x-amz-object-lock-mode must both be supplied.',
    )
  }
  if (mode !== undefined && date !== undefined) {
    if (!isRetentionMode(mode)) {
      throw new S3ServerError(
        'InvalidArgument',
        `Unknown wormMode directive '${mode}': use GOVERNANCE or COMPLIANCE.`,
        {
          ArgumentName: 'x-amz-object-lock-mode',
          ArgumentValue: mode,
        },
      )
    }
    lock.retention = {
      mode,
      retainUntil: parseRetainUntilDate(date, now, 'x-amz-object-lock-retain-until-date'),
    }
  }
  const hold = read('x-amz-object-lock-legal-hold')
  if (hold !== undefined) {
    if (hold !== 'ON' && hold !== 'OFF') {
      throw new S3ServerError('InvalidArgument', "Legal Hold must be either of 'ON' or 'OFF'.", {
        ArgumentName: 'x-amz-object-lock-legal-hold',
        ArgumentValue: hold,
      })
    }
    lock.legalHold = hold
  }
  return lock
}

/**
 * The stored lock records of a version a write creates in `bucket` at `now`: the lock its headers
 * ask for, else the bucket's default retention; `{}` in a bucket without object lock. Lock headers
 * on a bucket without object lock are 400 InvalidRequest (S3's answer), never ignored. When
 * `integrity` is given (PutObject, POST: a body) and lock headers are present, the body must be
 * integrity-checked (`integrity()` true), as S3 requires Content-MD5 or a checksum there.
 *
 * @example headers: { ...headers, ...(await objectLockWriteHeaders(ctx.storage, bucket, read, new Date())) }
 */
export async function objectLockWriteHeaders(
  storage: ObjectLayer,
  bucket: string,
  read: HeaderReader,
  now: Date,
  integrity?: () => boolean,
): Promise<Record<string, string>> {
  const asked = LOCK_REQUEST_HEADERS.some((name) => read(name) !== undefined)
  const requested = readRequestedLock(read, now)
  const config = await readObjectLockConfiguration(storage, bucket)
  if (config === undefined) {
    if (asked) throw missingObjectLock()
    return {}
  }
  if (asked && integrity && !integrity()) {
    throw new S3ServerError(
      'InvalidRequest',
      'Content-MD5 OR x-amz-checksum- HTTP header is required for Put Object requests with Object Lock parameters',
    )
  }
  const retention =
    requested.retention ??
    (config.rule ? { mode: config.rule.mode, retainUntil: defaultRetainUntil(config.rule, now) } : undefined)
  return { ...retentionHeaders(retention), ...legalHoldHeaders(requested.legalHold) }
}
