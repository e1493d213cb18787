import { MAX_OBJECT_NAME_BYTES, utf8Length } from '../names.js'

/**
 * A key filter: an object matches when its (raw, unescaped) key starts with `prefix` and ends
 * with `suffix`. Both are literal strings; unlike MinIO 2018 (§3.4, which built a `prefix*suffix`
 * wildcard pattern), `*` and `?` in a value are not special.
 */
export interface KeyFilter {
  prefix: string
  suffix: string
}

/** The filter that matches every key. */
export const MATCH_ALL: Readonly<KeyFilter> = Object.freeze({ prefix: '', suffix: '' })

/** The filter rule names S3 accepts, as they appear in `FilterRule/Name`. */
export const FILTER_RULE_NAMES = ['prefix', 'suffix'] as const
export type FilterRuleName = (typeof FILTER_RULE_NAMES)[number]

/**
 * Why `value` is not a valid prefix or suffix filter value, or `undefined` when it is:
 * at most 1,024 bytes of UTF-8, no lone surrogates, no `\`, no `.` or `..` path segment.
 */
export function explainInvalidFilterValue(name: FilterRuleName, value: string): string | undefined {
  const bytes = utf8Length(value)
  if (bytes > MAX_OBJECT_NAME_BYTES) return `${name} filter value must be at most 1024 bytes, got ${bytes}`
  if (!isWellFormedUtf16(value)) return `${name} filter value is not valid UTF-8`
  if (value.includes('\\')) return `${name} filter value must not contain '\\'`
  const dotSegment = value.split('/').find((segment) => segment === '.' || segment === '..')
  if (dotSegment) return `${name} filter value must not contain a '${dotSegment}' path segment`
  return undefined
}

/** Whether `key` (raw, not URL-escaped) passes `filter`. */
export function matchesKeyFilter(key: string, filter: KeyFilter): boolean {
  return key.startsWith(filter.prefix) && key.endsWith(filter.suffix)
}

/** How a filter reads in listings: `prefix=a/, suffix=.jpg` (empty string for match-all). */
export function describeKeyFilter(filter: KeyFilter): string {
  const parts: string[] = []
  if (filter.prefix) parts.push(`prefix=${filter.prefix}`)
  if (filter.suffix) parts.push(`suffix=${filter.suffix}`)
  return parts.join(', ')
}

// A lone surrogate cannot be encoded as UTF-8; S3 would never see it as a valid value.
function isWellFormedUtf16(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1)
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false
      i++
    } else if (c >= 0xdc00 && c <= 0xdfff) return false
  }
  return true
}
