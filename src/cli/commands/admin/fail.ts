/** Wraps an admin call so its failure reads `silo: cannot <what>: <server's reason>`. */
import { CliError } from '../../errors/cli-error.js'
import { describeError } from '../../errors/describe-error.js'

/**
 * Awaits `work`, rethrowing any failure as a `CliError` that says what was attempted.
 * @example
 * await attempt('add user "bob" on "local"', admin.addUser('bob', 'secret', 'readonly'))
 */
export async function attempt<T>(what: string, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof CliError) throw error
    throw new CliError(`cannot ${what}: ${describeError(error)}`, { cause: error })
  }
}
