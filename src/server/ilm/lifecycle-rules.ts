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

/** The object as rules see it: key, size, tags and Last-Modified of one version. */
export interface RuleSubject {
  key: string
  size: number
  tags: readonly Tag[]
  lastModified: Date
}

/**
 * When the current version `subject` expires by the enabled rules (Expiration Days or Date),
 * the earliest if several apply, with that rule's ID; undefined when no rule expires it.
 *
 * @example currentExpiry(rules, { key: 'a', size: 1, tags: [], lastModified }) // { date, ruleId }
 */
export function currentExpiry(
  rules: readonly LifecycleRule[],
  subject: RuleSubject,
): { date: Date; ruleId: string } | undefined {
  let best: { date: Date; ruleId: string } | undefined
  for (const rule of rules) {
    const exp = rule.expiration
    if (!rule.enabled || !exp || (exp.days === undefined && exp.date === undefined)) continue
    if (!matchesFilter(rule.filter, subject)) continue
    const date =
      exp.days !== undefined ? expiryAfterDays(subject.lastModified, exp.days) : new Date(exp.date!)
    if (!best || date < best.date) best = { date, ruleId: rule.id }
  }
  return best
}

/**
 * The enabled NoncurrentVersionExpiration rules whose filter selects `subject` (a noncurrent
 * version), each as `{ days, keep }` (keep: NewerNoncurrentVersions, 0 when not given).
 */
export function noncurrentRules(
  rules: readonly LifecycleRule[],
  subject: Omit<RuleSubject, 'lastModified'>,
): Array<{ days: number; keep: number }> {
  return rules.flatMap((rule) =>
    rule.enabled && rule.noncurrentExpiration && matchesFilter(rule.filter, subject)
      ? [
          {
            days: rule.noncurrentExpiration.noncurrentDays,
            keep: rule.noncurrentExpiration.newerNoncurrentVersions ?? 0,
          },
        ]
      : [],
  )
}

/** Whether an enabled rule with ExpiredObjectDeleteMarker covers `key` (markers have no size or tags). */
export function removesExpiredMarkers(rules: readonly LifecycleRule[], key: string): boolean {
  return rules.some(
    (rule) =>
      rule.enabled &&
      rule.expiration?.expiredObjectDeleteMarker === true &&
      key.startsWith(rule.filter.prefix),
  )
}

/** The smallest DaysAfterInitiation of the enabled rules covering `key`; undefined if none. */
export function abortDaysFor(rules: readonly LifecycleRule[], key: string): number | undefined {
  let days: number | undefined
  for (const rule of rules) {
    if (!rule.enabled || rule.abortIncompleteDays === undefined || !key.startsWith(rule.filter.prefix))
      continue
    days = days === undefined ? rule.abortIncompleteDays : Math.min(days, rule.abortIncompleteDays)
  }
  return days
}
