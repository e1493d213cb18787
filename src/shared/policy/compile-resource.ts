import { CONDITION_KEY_NAMES, type ConditionKey, canonicalConditionKey } from './condition-keys.js'
import { failAt } from './policy-error.js'
import type { ListEntry } from './shape.js'
import { suggest } from './suggest.js'
import type { ConditionValues, PolicyKind, ResourceTest } from './types.js'
import { compileWildcard, escapeRegExp, escapeWildcardLiteral } from './wildcard.js'

/** The ARN prefix of every S3 resource. */
export const S3_ARN_PREFIX = 'arn:aws:s3:::'

/** How a Resource list is validated and compiled. */
export interface ResourceContext {
  readonly kind: PolicyKind
  /** The bucket a bucket policy belongs to: every resource must lie inside it. */
  readonly bucket: string | undefined
  /** Version 2012-10-17 substitutes `${key}` policy variables; 2008-10-17 takes them literally. */
  readonly variables: boolean
}

type Matcher = (resource: string, conditions: ConditionValues) => boolean

/**
 * Validates the entries of `Resource` (or `NotResource` when `negated`) and compiles them into
 * one test: some entry matches (or, negated, none does). Matching is case-sensitive, with `*`
 * and `?` wildcards, over the whole ARN.
 */
export function compileResources(
  entries: ListEntry[],
  negated: boolean,
  context: ResourceContext,
): ResourceTest {
  const matchers = entries.map((entry) => compileResource(entry, context))
  if (matchers.length === 1) {
    const only = matchers[0]!
    return (resource, conditions) => only(resource, conditions) !== negated
  }
  return (resource, conditions) => matchers.some((m) => m(resource, conditions)) !== negated
}

function compileResource({ value, path }: ListEntry, context: ResourceContext): Matcher {
  if (value !== '*' && (!value.startsWith(S3_ARN_PREFIX) || value.length === S3_ARN_PREFIX.length)) {
    failAt(
      path,
      `resource "${value}" is not "*" or an S3 ARN (arn:aws:s3:::bucket or arn:aws:s3:::bucket/key)`,
    )
  }
  const { bucket } = context
  if (context.kind === 'bucket' && bucket !== undefined) {
    const rest = value.slice(S3_ARN_PREFIX.length)
    if (value === '*' || (rest !== bucket && !rest.startsWith(`${bucket}/`))) {
      failAt(path, `resource "${value}" is outside bucket "${bucket}"`)
    }
  }
  if (context.variables && value.includes('${')) return compileWithVariables(value, path)
  const match = compileWildcard(value)
  return (resource) => match(resource)
}

/** Literal text (with `*`/`?` wildcards unless it came from `${*}`/`${?}`), or a variable. */
type Piece = { readonly literal: string; readonly wildcards: boolean } | { readonly key: ConditionKey }

const ESCAPED_VARIABLES: Record<string, string> = { '*': '*', '?': '?', $: '$' }

/**
 * A resource with policy variables (`arn:aws:s3:::home/${aws:username}/*`): the variable's
 * request value is inserted literally (a `*` in a user name is not a wildcard). A missing or
 * multi-valued variable makes the entry match nothing. Compiled regexps are cached per value.
 */
function compileWithVariables(value: string, path: string): Matcher {
  const pieces = splitVariables(value, path)
  const cache = new Map<string, RegExp>()
  return (resource, conditions) => {
    const substituted: string[] = []
    for (const piece of pieces) {
      if ('literal' in piece) continue
      const v = conditions[piece.key]
      if (typeof v !== 'string') return false
      substituted.push(v)
    }
    const cacheKey = substituted.join('\u0000')
    let re = cache.get(cacheKey)
    if (re === undefined) {
      let i = 0
      const source = pieces.map((p) => ('literal' in p ? fragment(p) : escapeRegExp(substituted[i++]!)))
      re = new RegExp(`^${source.join('')}$`, 'su')
      if (cache.size >= 256) cache.clear()
      cache.set(cacheKey, re)
    }
    return re.test(resource)
  }
}

function splitVariables(value: string, path: string): Piece[] {
  const pieces: Piece[] = []
  let rest = value
  for (let start = rest.indexOf('${'); start !== -1; start = rest.indexOf('${')) {
    const end = rest.indexOf('}', start)
    if (end === -1) failAt(path, `unterminated policy variable in "${value}"`)
    const name = rest.slice(start + 2, end)
    const escaped = ESCAPED_VARIABLES[name]
    const key = canonicalConditionKey(name)
    if (escaped === undefined && key === undefined) {
      failAt(path, `unknown policy variable "\${${name}}"${suggest(name, CONDITION_KEY_NAMES)}`)
    }
    pieces.push({ literal: rest.slice(0, start), wildcards: true })
    pieces.push(escaped === undefined ? { key: key! } : { literal: escaped, wildcards: false })
    rest = rest.slice(end + 1)
  }
  pieces.push({ literal: rest, wildcards: true })
  return pieces
}

function fragment(piece: { readonly literal: string; readonly wildcards: boolean }): string {
  if (!piece.wildcards) return escapeRegExp(piece.literal)
  return escapeWildcardLiteral(piece.literal).replaceAll('*', '.*').replaceAll('?', '.')
}
