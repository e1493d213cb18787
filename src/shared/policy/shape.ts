import type { JsonObject, JsonValue } from './json-parse.js'
import { failAt } from './policy-error.js'
import { suggest } from './suggest.js'

/** Returns `value` as an object, or throws naming `path` and what was expected. */
export function expectObject(value: JsonValue | undefined, path: string, what: string): JsonObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    failAt(path, `must be ${what}, got ${describe(value)}`)
  }
  return value
}

/** Throws on the first member of `object` whose name is not in `allowed`. */
export function rejectUnknownFields(object: JsonObject, allowed: readonly string[], path: string): void {
  for (const name of Object.keys(object)) {
    if (!allowed.includes(name)) {
      failAt(path, `unknown field ${JSON.stringify(name)}${suggest(name, allowed)}`)
    }
  }
}

/** One string entry of a string-or-array member, with the path of that entry. */
export interface ListEntry {
  readonly value: string
  readonly path: string
}

/**
 * Reads a member that holds a string or a non-empty array of strings (Action, Resource,
 * Principal.AWS). Entries get paths like `Action[0]`; a lone string keeps the member's path.
 */
export function readStringList(value: JsonValue | undefined, path: string): ListEntry[] {
  if (typeof value === 'string') return [{ value, path }]
  if (!Array.isArray(value))
    return failAt(path, `must be a string or an array of strings, got ${describe(value)}`)
  if (value.length === 0) failAt(path, 'must not be an empty array')
  return value.map((entry, i) => {
    if (typeof entry !== 'string') failAt(`${path}[${i}]`, `must be a string, got ${describe(entry)}`)
    return { value: entry, path: `${path}[${i}]` }
  })
}

/** Names a JSON value's type for error messages. */
export function describe(value: JsonValue | undefined): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${JSON.stringify(value)}`
}
