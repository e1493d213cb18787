import { S3ServerError } from '../errors.js'
import type { ObjectLockState, Retention } from './object-lock-state.js'

/** How a request stands towards GOVERNANCE retention: bypass asked for and allowed, or not. */
export interface LockCheckOptions {
  now: Date
  /** `x-amz-bypass-governance-retention: true` and the caller holds s3:BypassGovernanceRetention. */
  bypassGovernance: boolean
}

/**
 * Refuses removing a version S3's object lock protects (403 AccessDenied, S3's answer): under a
 * legal hold (until it is OFF, whoever asks), under COMPLIANCE retention (until its date, whoever
 * asks), under GOVERNANCE retention unless the request bypasses it. A retention whose date has
 * passed protects nothing.
 *
 * @example checkVersionRemovable(lockStateOf(info.headers), { now: new Date(), bypassGovernance: false })
 */
export function checkVersionRemovable(state: ObjectLockState, options: LockCheckOptions): void {
  if (state.legalHold === 'ON') throw protectedVersion('it is under a legal hold')
  const retention = activeRetention(state, options.now)
  if (retention === undefined) return
  if (retention.mode === 'COMPLIANCE') {
    throw protectedVersion(`it is under COMPLIANCE retention until ${retention.retainUntil.toISOString()}`)
  }
  if (!options.bypassGovernance) {
    throw protectedVersion(
      `it is under GOVERNANCE retention until ${retention.retainUntil.toISOString()} (send x-amz-bypass-governance-retention: true with the s3:BypassGovernanceRetention permission to bypass it)`,
    )
  }
}

/**
 * Refuses a retention change S3 refuses (403 AccessDenied): an active COMPLIANCE retention can
 * only be kept or extended in COMPLIANCE mode (never shortened, removed or turned GOVERNANCE);
 * an active GOVERNANCE retention can be extended in GOVERNANCE mode, and changed otherwise
 * (shortened, removed, turned COMPLIANCE) only with the governance bypass.
 *
 * @example checkRetentionChange(state, undefined, { now, bypassGovernance: true }) // removes a GOVERNANCE retention
 */
export function checkRetentionChange(
  state: ObjectLockState,
  next: Retention | undefined,
  options: LockCheckOptions,
): void {
  const current = activeRetention(state, options.now)
  if (current === undefined) return
  const keepsOrExtends =
    next !== undefined &&
    next.mode === current.mode &&
    next.retainUntil.getTime() >= current.retainUntil.getTime()
  if (keepsOrExtends) return
  if (current.mode === 'COMPLIANCE') {
    throw protectedVersion(
      `its COMPLIANCE retention until ${current.retainUntil.toISOString()} can only be extended, in COMPLIANCE mode`,
    )
  }
  if (!options.bypassGovernance) {
    throw protectedVersion(
      `its GOVERNANCE retention until ${current.retainUntil.toISOString()} can be shortened, removed or changed only with x-amz-bypass-governance-retention: true and the s3:BypassGovernanceRetention permission`,
    )
  }
}

/**
 * Whether a version is protected against removal by anyone at `now` (legal hold ON, or an
 * unexpired retention of either mode): what a background remover (lifecycle expiry, a forced
 * delete) must skip, since it has no governance bypass.
 *
 * @example if (isVersionLocked(lockStateOf(info.headers), new Date())) continue
 */
export function isVersionLocked(state: ObjectLockState, now: Date): boolean {
  return state.legalHold === 'ON' || activeRetention(state, now) !== undefined
}

function activeRetention(state: ObjectLockState, now: Date): Retention | undefined {
  const retention = state.retention
  return retention && retention.retainUntil.getTime() > now.getTime() ? retention : undefined
}

function protectedVersion(why: string): S3ServerError {
  return new S3ServerError('AccessDenied', `Access Denied because object protected by object lock: ${why}.`)
}
