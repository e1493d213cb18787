/** A compiled test of one string against a pattern. */
export type StringMatcher = (value: string) => boolean

const REGEX_SYNTAX = /[\\^$.|+()[\]{}/]/g

/** True when `pattern` contains a `*` or `?` wildcard. */
export function hasWildcard(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('?')
}

/**
 * Compiles an IAM wildcard pattern: `*` matches any run of characters (including `/` and
 * none at all), `?` exactly one character; everything else is literal. The common shapes —
 * no wildcard, `*` alone, one trailing `*` — avoid regular expressions. Compile once; the
 * matcher runs on every request.
 *
 * @example compileWildcard('photos/*.jpg')('photos/2019/a.jpg') // true
 */
export function compileWildcard(pattern: string, ignoreCase = false): StringMatcher {
  if (pattern === '*') return () => true
  if (ignoreCase) {
    const re = new RegExp(wildcardSource(pattern), 'isu')
    return (value) => re.test(value)
  }
  if (!hasWildcard(pattern)) return (value) => value === pattern
  const star = pattern.indexOf('*')
  if (star === pattern.length - 1 && !pattern.includes('?')) {
    const prefix = pattern.slice(0, -1)
    return (value) => value.startsWith(prefix)
  }
  const re = new RegExp(wildcardSource(pattern), 'su')
  return (value) => re.test(value)
}

/** The anchored regular-expression source for a wildcard pattern. */
export function wildcardSource(pattern: string): string {
  return `^${escapeWildcardLiteral(pattern).replaceAll('*', '.*').replaceAll('?', '.')}$`
}

/** Escapes regular-expression syntax except `*` and `?`. */
export function escapeWildcardLiteral(text: string): string {
  return text.replace(REGEX_SYNTAX, '\\$&')
}

/** Escapes every regular-expression syntax character, `*` and `?` included. */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.|+()[\]{}/*?]/g, '\\$&')
}
