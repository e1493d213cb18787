/**
 * Alias names: a letter, then letters, digits, `-` or `_`. No `/` or `.`, so `alias/bucket` and
 * local paths such as `./file` or `../dir` can never be read as each other.
 */
import { UsageError } from '../errors/cli-error.js'

const ALIAS_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

/**
 * Throws a `UsageError` unless `name` is a valid alias name.
 * @example
 * assertAliasName('local') // ok
 * assertAliasName('my.host') // throws
 */
export function assertAliasName(name: string): void {
  if (!ALIAS_NAME.test(name)) {
    throw new UsageError(
      `invalid alias "${name}": use a letter followed by letters, digits, "-" or "_" (at most 64)`,
    )
  }
}
