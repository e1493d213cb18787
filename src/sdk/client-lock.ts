/**
 * Object lock methods of `Client`: the bucket's default retention, and an object version's
 * retention and legal hold (minio-js names, argument orders and shapes). A bucket gets object
 * lock at creation: `makeBucket(name, region, { ObjectLocking: true })`.
 */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { TaggingMethods } from './client-tagging.js'
import {
  getObjectLegalHold,
  getObjectLockConfig,
  getObjectRetention,
  type LegalHoldInfo,
  type LegalHoldOptions,
  type ObjectLockConfigOptions,
  type ObjectLockInfo,
  type ObjectRetentionInfo,
  putObjectRetention,
  type RetentionOptions,
  setObjectLegalHold,
  setObjectLockConfig,
} from './operations/lock/object-lock.js'

/** `{ versionId }` of the lock getters. */
type VersionOpts = { versionId?: string }

/**
 * Object lock: default retention, per-version retention and legal hold.
 * @example
 * await client.makeBucket('records', 'us-east-1', { ObjectLocking: true })
 * await client.setObjectLockConfig('records', { mode: 'GOVERNANCE', unit: 'Days', validity: 30 })
 * await client.setObjectLegalHold('records', 'r.pdf', { status: 'ON' })
 */
export class LockMethods extends TaggingMethods {
  /**
   * Sets the bucket's default retention (`{ mode, unit, validity }`, all three), or keeps the
   * lock without a default (`{}`).
   * @example
   * await client.setObjectLockConfig('records', { mode: 'COMPLIANCE', unit: 'Years', validity: 7 })
   */
  setObjectLockConfig(bucketName: string, lockConfigOpts: ObjectLockConfigOptions): Promise<void>
  setObjectLockConfig(
    bucketName: string,
    lockConfigOpts: ObjectLockConfigOptions,
    callback: NoResultCallback,
  ): void
  setObjectLockConfig(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => setObjectLockConfig(this.transport, bucketName, rest[0]))
  }

  /**
   * The bucket's lock configuration `{ objectLockEnabled, mode?, unit?, validity? }`.
   * @example
   * const { mode, unit, validity } = await client.getObjectLockConfig('records')
   */
  getObjectLockConfig(bucketName: string): Promise<ObjectLockInfo>
  getObjectLockConfig(bucketName: string, callback: ResultCallback<ObjectLockInfo>): void
  getObjectLockConfig(bucketName: string, ...rest: unknown[]): Promise<ObjectLockInfo> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => getObjectLockConfig(this.transport, bucketName))
  }

  /**
   * Sets an object version's retention; `governanceBypass` to shorten a GOVERNANCE one.
   * @example
   * await client.putObjectRetention('records', 'r.pdf', { mode: 'GOVERNANCE', retainUntilDate: '2030-01-01T00:00:00Z', versionId })
   */
  putObjectRetention(bucketName: string, objectName: string, retentionOpts?: RetentionOptions): Promise<void>
  putObjectRetention(
    bucketName: string,
    objectName: string,
    retentionOpts: RetentionOptions,
    callback: NoResultCallback,
  ): void
  putObjectRetention(bucketName: string, objectName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => putObjectRetention(this.transport, bucketName, objectName, rest[0]))
  }

  /**
   * An object version's retention `{ mode, retainUntilDate }`.
   * @example
   * const { mode, retainUntilDate } = await client.getObjectRetention('records', 'r.pdf', { versionId })
   */
  getObjectRetention(
    bucketName: string,
    objectName: string,
    getOpts?: VersionOpts,
  ): Promise<ObjectRetentionInfo>
  getObjectRetention(
    bucketName: string,
    objectName: string,
    callback: ResultCallback<ObjectRetentionInfo>,
  ): void
  getObjectRetention(
    bucketName: string,
    objectName: string,
    getOpts: VersionOpts,
    callback: ResultCallback<ObjectRetentionInfo>,
  ): void
  getObjectRetention(
    bucketName: string,
    objectName: string,
    ...rest: unknown[]
  ): Promise<ObjectRetentionInfo> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => getObjectRetention(this.transport, bucketName, objectName, rest[0]))
  }

  /**
   * Places (`{ status: 'ON' }`, the default) or releases (`'OFF'`) a legal hold.
   * @example
   * await client.setObjectLegalHold('records', 'r.pdf', { status: 'OFF', versionId })
   */
  setObjectLegalHold(bucketName: string, objectName: string, setOpts?: LegalHoldOptions): Promise<void>
  setObjectLegalHold(bucketName: string, objectName: string, callback: NoResultCallback): void
  setObjectLegalHold(
    bucketName: string,
    objectName: string,
    setOpts: LegalHoldOptions,
    callback: NoResultCallback,
  ): void
  setObjectLegalHold(bucketName: string, objectName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => setObjectLegalHold(this.transport, bucketName, objectName, rest[0]))
  }

  /**
   * An object version's legal hold `{ Status: 'ON' | 'OFF' }`.
   * @example
   * const { Status } = await client.getObjectLegalHold('records', 'r.pdf')
   */
  getObjectLegalHold(bucketName: string, objectName: string, getOpts?: VersionOpts): Promise<LegalHoldInfo>
  getObjectLegalHold(bucketName: string, objectName: string, callback: ResultCallback<LegalHoldInfo>): void
  getObjectLegalHold(
    bucketName: string,
    objectName: string,
    getOpts: VersionOpts,
    callback: ResultCallback<LegalHoldInfo>,
  ): void
  getObjectLegalHold(
    bucketName: string,
    objectName: string,
    ...rest: unknown[]
  ): Promise<LegalHoldInfo> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => getObjectLegalHold(this.transport, bucketName, objectName, rest[0]))
  }
}
