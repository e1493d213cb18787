/**
 * Errors the CLI reports as one line, `silo: <what failed>: <why>`, with an exit status:
 * 1 when an operation failed, 2 when the command line itself was wrong.
 */

/** Exit status of a failed operation. */
export const EXIT_FAILURE = 1
/** Exit status of a malformed command line (unknown flag, missing argument, bad value). */
export const EXIT_USAGE = 2

/**
 * A failure with a ready-made message; `exitCode` is 1 unless it is a usage error.
 * @example
 * throw new CliError('cannot remove bucket "local/photos": it is not empty; use --force to remove its contents first')
 */
export class CliError extends Error {
  override readonly name = 'CliError'
  readonly exitCode: number

  constructor(message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.exitCode = options.exitCode ?? EXIT_FAILURE
  }
}

/**
 * A malformed command line (exit status 2).
 * @example
 * throw new UsageError('--expire: "7x" is not a duration like 7d, 12h or 30m')
 */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, { exitCode: EXIT_USAGE })
  }
}
