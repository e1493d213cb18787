/**
 * The one wrapper every client command's action goes through: it builds the run's context from
 * the global flags, runs the command, turns any failure into one line on stderr (a JSON object
 * with `--json`) and exits with 0, 1 (operation failed) or 2 (usage error).
 */
import type { Command } from 'commander'
import { CliContext, type GlobalOptions } from './context.js'
import { CliError, EXIT_FAILURE } from './errors/cli-error.js'
import { describeError } from './errors/describe-error.js'
import { endByClosedPipe, isOutputClosed } from './output/closed-pipe.js'
import { printable } from './output/terminal-text.js'

/** A command's body: the positional arguments (variadic ones spread) and its own options. */
export type ActionHandler<O> = (ctx: CliContext, args: string[], options: O) => Promise<void>

/**
 * Adapts a handler to commander's `.action(...)`.
 * @example
 * program.command('mb').argument('<TARGET>').action(runAction(async (ctx, [target]) => { ... }))
 */
export function runAction<O = Record<string, never>>(handler: ActionHandler<O>) {
  return async (...received: unknown[]): Promise<void> => {
    const command = received.at(-1) as Command
    const args = (command.processedArgs as unknown[]).flatMap((value) =>
      value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)],
    )
    const ctx = new CliContext(command.optsWithGlobals<GlobalOptions>())
    let exitCode = 0
    try {
      await handler(ctx, args, command.opts() as O)
    } catch (error) {
      // A command that failed because its reader went away (`silo cat ... | head -1`) ends as
      // every command does then: quietly, by SIGPIPE (output/closed-pipe.ts).
      if (isOutputClosed()) endByClosedPipe()
      exitCode = error instanceof CliError ? error.exitCode : EXIT_FAILURE
      reportError(ctx, command, error)
    }
    await flush(process.stdout)
    await flush(process.stderr)
    // Keep-alive sockets and listen streams would otherwise hold the process open.
    process.exit(exitCode)
  }
}

/**
 * Prints a failure: `silo: <what>: <why>` (or `{"status":"error",...}` with `--json`).
 * @example
 * reportError(ctx, command, new Error('boom')) // silo: ls: boom
 */
export function reportError(ctx: CliContext, command: Command, error: unknown): void {
  const why = describeError(error)
  const message = error instanceof CliError ? why : `${commandPath(command)}: ${why}`
  if (ctx.globals.json) {
    const code = codeOf(error) ?? codeOf((error as { cause?: unknown } | undefined)?.cause)
    const detail = code ? { message, code } : { message }
    process.stderr.write(`${JSON.stringify({ status: 'error', error: detail })}\n`)
  } else {
    // On a terminal a key named in the message must not drive it (see Printer.name).
    const shown = process.stderr.isTTY ? message.split('\n').map(printable).join('\n') : message
    process.stderr.write(`silo: ${shown}\n`)
  }
}

/**
 * The command's words after `silo`, e.g. `admin user add`.
 * @example
 * commandPath(userAddCommand) // 'admin user add'
 */
export function commandPath(command: Command): string {
  const names: string[] = []
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name())
  return names.join(' ')
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : undefined
}

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()))
}
