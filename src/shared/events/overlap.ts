import { MAX_OBJECT_NAME_BYTES, utf8Length } from '../names.js'
import type { KeyFilter } from './filter-rules.js'

/**
 * The shortest key both filters match, or `undefined` when no valid key (1 to 1,024 bytes)
 * passes both. Used to reject overlapping rules with an example in the message.
 *
 * A key passes `{prefix, suffix}` when it starts with prefix and ends with suffix. Two filters
 * share a key exactly when one prefix extends the other and one suffix extends the other; the
 * shortest shared key then starts with the longer prefix P and ends with the longer suffix S,
 * overlapping them as much as they allow.
 *
 * @example findCommonKey({ prefix: 'a/', suffix: '' }, { prefix: '', suffix: '.jpg' }) // 'a/.jpg'
 */
export function findCommonKey(a: KeyFilter, b: KeyFilter): string | undefined {
  const prefix = longerIfExtends(a.prefix, b.prefix, (x, y) => x.startsWith(y))
  const suffix = longerIfExtends(a.suffix, b.suffix, (x, y) => x.endsWith(y))
  if (prefix === undefined || suffix === undefined) return undefined
  let key = joinOverlapping(prefix, suffix)
  // The empty key is not an object name; any one-character key then matches both filters.
  if (key === '') key = 'a'
  return utf8Length(key) <= MAX_OBJECT_NAME_BYTES ? key : undefined
}

/** Whether some valid key passes both filters. */
export function filtersOverlap(a: KeyFilter, b: KeyFilter): boolean {
  return findCommonKey(a, b) !== undefined
}

function longerIfExtends(x: string, y: string, extendsFn: (longer: string, shorter: string) => boolean) {
  const [longer, shorter] = x.length >= y.length ? [x, y] : [y, x]
  return extendsFn(longer, shorter) ? longer : undefined
}

// The shortest string starting with `prefix` and ending with `suffix`.
function joinOverlapping(prefix: string, suffix: string): string {
  for (let k = Math.min(prefix.length, suffix.length); k > 0; k--) {
    if (prefix.endsWith(suffix.slice(0, k))) return prefix + suffix.slice(k)
  }
  return prefix + suffix
}
