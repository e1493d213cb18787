import { INTERNAL_HEADER_PREFIX } from '../storage/common/internal-headers.js'
import { isRetentionMode, type RetentionMode } from './lock-configuration.js'

/**
 * A version's object lock lives in its stored headers, as internal records (never answered as
 * such, never settable by a client: storage/common/internal-headers.ts): the retention mode, its
 * retain-until date (ISO 8601, ms, UTC) and the legal hold (`ON`; absent is OFF). They are written
 * with the version (PutObject, CopyObject, CompleteMultipartUpload, POST) and rewritten through
 * updateObjectMetadata (PutObjectRetention, PutObjectLegalHold), so they live and die with it.
 */
export const LOCK_HEADER_PREFIX = `${INTERNAL_HEADER_PREFIX}lock-`
export const LOCK_MODE_HEADER = `${LOCK_HEADER_PREFIX}mode`
export const LOCK_RETAIN_UNTIL_HEADER = `${LOCK_HEADER_PREFIX}retain-until`
export const LOCK_LEGAL_HOLD_HEADER = `${LOCK_HEADER_PREFIX}legal-hold`

/** A version's retention: its mode and the instant it ends. */
export interface Retention {
  mode: RetentionMode
  retainUntil: Date
}

/** S3's legal hold statuses. */
export type LegalHoldStatus = 'ON' | 'OFF'

/** A version's object-lock state as stored (absent: never set on this version). */
export interface ObjectLockState {
  retention?: Retention
  legalHold?: LegalHoldStatus
}

/**
 * Reads a version's lock state from its stored headers.
 *
 * @example lockStateOf(info.headers).legalHold // 'ON'
 */
export function lockStateOf(headers: Readonly<Record<string, string>>): ObjectLockState {
  const state: ObjectLockState = {}
  const hold = headers[LOCK_LEGAL_HOLD_HEADER]
  if (hold === 'ON' || hold === 'OFF') state.legalHold = hold
  const mode = headers[LOCK_MODE_HEADER]
  const until = new Date(headers[LOCK_RETAIN_UNTIL_HEADER] ?? Number.NaN)
  if (isRetentionMode(mode) && !Number.isNaN(until.getTime())) state.retention = { mode, retainUntil: until }
  return state
}

/**
 * The stored headers recording a retention (none for undefined).
 *
 * @example retentionHeaders({ mode: 'COMPLIANCE', retainUntil: new Date('2030-01-01') })
 */
export function retentionHeaders(retention: Retention | undefined): Record<string, string> {
  if (retention === undefined) return {}
  return {
    [LOCK_MODE_HEADER]: retention.mode,
    [LOCK_RETAIN_UNTIL_HEADER]: retention.retainUntil.toISOString(),
  }
}

/** The stored header recording a legal hold status (none for undefined). */
export function legalHoldHeaders(status: LegalHoldStatus | undefined): Record<string, string> {
  return status === undefined ? {} : { [LOCK_LEGAL_HOLD_HEADER]: status }
}

/**
 * `headers` without any lock record (a copy's source's lock never passes to the copy, as S3).
 *
 * @example withoutLockHeaders({ 'x-silo-internal-lock-mode': 'GOVERNANCE', 'x-amz-meta-a': '1' }) // { 'x-amz-meta-a': '1' }
 */
export function withoutLockHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(LOCK_HEADER_PREFIX)))
}

/**
 * The `x-amz-object-lock-*` response headers of GET/HEAD for a version's lock state.
 *
 * @example objectLockResponseHeaders(info.headers) // { 'x-amz-object-lock-mode': 'GOVERNANCE', ... }
 */
export function objectLockResponseHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const state = lockStateOf(headers)
  const out: Record<string, string> = {}
  if (state.retention) {
    out['x-amz-object-lock-mode'] = state.retention.mode
    out['x-amz-object-lock-retain-until-date'] = state.retention.retainUntil.toISOString()
  }
  if (state.legalHold) out['x-amz-object-lock-legal-hold'] = state.legalHold
  return out
}
