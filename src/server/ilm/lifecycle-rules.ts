/**
 * A bucket's lifecycle rules as stored (bucket document `lifecycle`, JSON) and as the scanner
 * and `x-amz-expiration` read them (issue 14).
 */
import type { Tag } from '../tagging/object-tags.js'

/** The bucket document holding the rules. */
export const LIFECYCLE_DOCUMENT = 'lifecycle'

/** Which objects a rule applies to: every condition given must hold. */
export interface LifecycleFilter {
  /** How the document wrote it, so GetBucketLifecycleConfiguration answers the same shape. */
  form: 'none' | 'legacy-prefix' | 'prefix' | 'tag' | 'size' | 'and'
  prefix: string
  tags: Tag[]
  /** Object size strictly greater than this (bytes). */
  sizeGreaterThan?: number
  /** Object size strictly less than this (bytes). */
  sizeLessThan?: number
}

/** One `Rule` of a LifecycleConfiguration. */
export interface LifecycleRule {
  id: string
  enabled: boolean
  filter: LifecycleFilter
  /** Current versions: after `days` or on `date` (ISO, midnight UTC). */
  expiration?: { days?: number; date?: string; expiredObjectDeleteMarker?: boolean }
  /** Noncurrent versions `noncurrentDays` after becoming noncurrent, keeping the newest `newer`. */
  noncurrentExpiration?: { noncurrentDays: number; newerNoncurrentVersions?: number }
  /** Incomplete multipart uploads, this many days after they were initiated. */
  abortIncompleteDays?: number
}

/**
 * Whether a rule's filter selects an object (key, size and tags of the version looked at).
 *
 * @example matchesFilter(rule.filter, { key: 'logs/a', size: 10, tags: [] })
 */
export function matchesFilter(
  filter: LifecycleFilter,
  object: { key: string; size: number; tags: readonly Tag[] },
): boolean {
  if (!object.key.startsWith(filter.prefix)) return false
  if (filter.sizeGreaterThan !== undefined && !(object.size > filter.sizeGreaterThan)) return false
  if (filter.sizeLessThan !== undefined && !(object.size < filter.sizeLessThan)) return false
  return filter.tags.every((want) => object.tags.some((t) => t.key === want.key && t.value === want.value))
}

const DAY_MS = 86_400_000

/**
 * S3's expiry moment for an object `days` after `from`: `from` plus the days, rounded up to the
 * next midnight UTC ("the time is rounded to the next day midnight UTC", S3 user guide, lifecycle
 * rules). An object written at 2012-12-21T10:00Z with Days 1 expires at 2012-12-23T00:00Z.
 *
 * @example expiryAfterDays(new Date('2012-12-21T10:00:00Z'), 1) // 2012-12-23T00:00:00Z
 */
export function expiryAfterDays(from: Date, days: number): Date {
  const at = from.getTime() + days * DAY_MS
  return new Date(Math.floor(at / DAY_MS) * DAY_MS + DAY_MS)
}

/** Reads the stored rules (the document as PutBucketLifecycleConfiguration wrote it). */
export function parseStoredRules(text: string | undefined): LifecycleRule[] {
  return text === undefined ? [] : (JSON.parse(text) as LifecycleRule[])
}
