import { S3_ERRORS } from '../../shared/errors/catalogue.js'
import { S3ServerError } from '../errors.js'

/** Asks a slot's owner for a lock (exclusive unless `shared`), held at most `ttlMs`. */
export interface LockAcquireRequest {
  op: 'acquire'
  name: string
  shared: boolean
  ttlMs: number
  /** The asking server's member ID (for the owner's logs). */
  holder: string
}

/** Gives a granted lock back to the slot's owner. */
export interface LockReleaseRequest {
  op: 'release'
  name: string
  grantId: string
}

/**
 * Asks a server about grants of `slot` from `owner`, a slot's previous owner whose lease ended
 * without handing it over: `owner` itself answers how many grants it made there are still held;
 * any other server how many it holds or is awaiting from `owner` there. The slot's new owner
 * grants once they all answer 0, instead of waiting out the grant TTL.
 */
export interface LockHeldRequest {
  op: 'held'
  slot: number
  owner: string
}

/** What one server sends the owner of a lock's slot; plain JSON, so any transport carries it. */
export type LockRequest = LockAcquireRequest | LockReleaseRequest | LockHeldRequest

/**
 * Why an owner did not grant: `not-owner`, it does not own the slot now (never did, lost its
 * etcd lease, or is handing the slot over); `not-ready`, it owns the slot but waits out the
 * previous owner's grants for `retryAfterMs` more.
 */
export type LockRefusal = 'not-owner' | 'not-ready'

/**
 * The owner's answer: the grant (for an acquire; a release echoes its ID; a `held` question
 * answers `held` with an empty ID), or a refusal.
 */
export type LockResponse =
  | { ok: true; grantId: string; held?: number }
  | { ok: false; refusal: LockRefusal; message: string; retryAfterMs?: number }

/**
 * Carries lock requests to the server at `ownerUrl` (its member URL) and brings its answer
 * back; rejects when that server cannot be reached. The server side is
 * DistributedLocks.handleLockRequest.
 */
export interface LockTransport {
  call(ownerUrl: string, request: LockRequest): Promise<LockResponse>
}

/** The 503 an acquire fails with when no owner of the lock's slot grants it in time. */
export function lockUnavailableError(reason: string): S3ServerError {
  return new S3ServerError('XSiloLockUnavailable', `${S3_ERRORS.XSiloLockUnavailable.message} (${reason})`)
}
