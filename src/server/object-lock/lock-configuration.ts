import { S3ServerError } from '../errors.js'
import type { ObjectLayer } from '../storage/object-layer.js'

/**
 * The bucket document keeping a bucket's object-lock configuration, as JSON
 * ({@link ObjectLockConfiguration}). The versioning handlers read the same document (by this
 * name) to refuse suspending versioning on a lock-enabled bucket.
 */
export const OBJECT_LOCK_DOCUMENT = 'object-lock'

/** S3's two retention modes. */
export type RetentionMode = 'GOVERNANCE' | 'COMPLIANCE'

/** A bucket's default retention: a mode and a period of whole days or whole years (not both). */
export interface DefaultRetention {
  mode: RetentionMode
  days?: number
  years?: number
}

/**
 * A lock-enabled bucket's configuration. Object lock, once enabled, cannot be disabled (S3): the
 * document exists only with `enabled: true`; `rule` is the default retention applied to new
 * versions written without lock headers.
 */
export interface ObjectLockConfiguration {
  enabled: true
  rule?: DefaultRetention
}

/**
 * Whether `value` is one of S3's retention modes (exact upper case, as S3 takes them).
 *
 * @example isRetentionMode('GOVERNANCE') // true
 */
export function isRetentionMode(value: unknown): value is RetentionMode {
  return value === 'GOVERNANCE' || value === 'COMPLIANCE'
}

/**
 * The bucket's object-lock configuration, or undefined when object lock is not enabled on it.
 * NoSuchBucket for a missing bucket.
 *
 * @example if (await readObjectLockConfiguration(ctx.storage, bucket)) { ... }
 */
export async function readObjectLockConfiguration(
  storage: ObjectLayer,
  bucket: string,
): Promise<ObjectLockConfiguration | undefined> {
  const text = await storage.getBucketDocument(bucket, OBJECT_LOCK_DOCUMENT)
  if (text === undefined) return undefined
  const stored = JSON.parse(text) as { enabled?: unknown; rule?: DefaultRetention }
  if (stored.enabled !== true) return undefined
  return stored.rule && isRetentionMode(stored.rule.mode)
    ? { enabled: true, rule: stored.rule }
    : { enabled: true }
}

/**
 * Stores the bucket's object-lock configuration (replacing its default retention).
 *
 * @example await writeObjectLockConfiguration(storage, 'records', { enabled: true })
 */
export async function writeObjectLockConfiguration(
  storage: ObjectLayer,
  bucket: string,
  config: ObjectLockConfiguration,
): Promise<void> {
  await storage.putBucketDocument(bucket, OBJECT_LOCK_DOCUMENT, JSON.stringify(config))
}

/**
 * The bucket's configuration, or 400 InvalidRequest "Bucket is missing Object Lock
 * Configuration" (S3's answer to retention, legal hold and lock headers on a plain bucket).
 *
 * @example const config = await requireObjectLock(ctx.storage, route.bucket)
 */
export async function requireObjectLock(
  storage: ObjectLayer,
  bucket: string,
): Promise<ObjectLockConfiguration> {
  const config = await readObjectLockConfiguration(storage, bucket)
  if (config === undefined) throw missingObjectLock()
  return config
}

/** S3's error for an object-lock request on a bucket without object lock. */
export function missingObjectLock(): S3ServerError {
  return new S3ServerError('InvalidRequest', 'Bucket is missing Object Lock Configuration')
}

/**
 * When a version written at `now` under the default retention `rule` is retained until: whole
 * days of 24 h, or calendar years (UTC).
 *
 * @example defaultRetainUntil({ mode: 'GOVERNANCE', days: 1 }, new Date('2026-01-01T00:00:00Z'))
 * // 2026-01-02T00:00:00.000Z
 */
export function defaultRetainUntil(rule: DefaultRetention, now: Date): Date {
  const until = new Date(now.getTime())
  if (rule.years !== undefined) until.setUTCFullYear(until.getUTCFullYear() + rule.years)
  else until.setTime(until.getTime() + (rule.days ?? 0) * 86_400_000)
  return until
}
