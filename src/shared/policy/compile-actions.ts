import { ALL_S3_ACTIONS, canonicalAction, type S3Action } from './actions.js'
import { failAt } from './policy-error.js'
import type { ListEntry } from './shape.js'
import { suggest } from './suggest.js'
import { compileWildcard, hasWildcard } from './wildcard.js'

/**
 * Resolves the entries of `Action` (or `NotAction` when `negated`) to the catalogue actions
 * they cover. Matching is case-insensitive, as on AWS. Wildcards are expanded here, once, so
 * evaluation is a map lookup. An unknown action, or a pattern that matches none, is an error.
 *
 * @example compileActions([{ value: 's3:Get*', path: 'Action' }], false) // GetObject, GetBucketPolicy...
 */
export function compileActions(entries: readonly ListEntry[], negated: boolean): Set<S3Action> {
  const covered = new Set<S3Action>()
  for (const entry of entries) for (const action of resolveAction(entry)) covered.add(action)
  if (!negated) return covered
  return new Set(ALL_S3_ACTIONS.filter((action) => !covered.has(action)))
}

function resolveAction({ value, path }: ListEntry): readonly S3Action[] {
  if (value === '*') return ALL_S3_ACTIONS
  if (!value.toLowerCase().startsWith('s3:')) {
    failAt(path, `unknown action "${value}": Silo policies name s3: actions only`)
  }
  if (hasWildcard(value)) {
    const match = compileWildcard(value, true)
    const actions = ALL_S3_ACTIONS.filter((action) => match(action))
    if (actions.length === 0) failAt(path, `action pattern "${value}" matches no known S3 action`)
    return actions
  }
  const action = canonicalAction(value)
  if (action === undefined) failAt(path, `unknown action "${value}"${suggest(value, ALL_S3_ACTIONS)}`)
  return [action]
}
