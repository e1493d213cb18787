/**
 * Command-line mistakes (unknown flag, missing argument, unknown command) in the CLI's one-line
 * error form with exit status 2, instead of commander's default of a message plus full help.
 */
import type { Command, CommanderError } from 'commander'
import { commandPath } from './action.js'
import { EXIT_USAGE } from './errors/cli-error.js'

/**
 * Installs the usage-error handling on `program` and every command below it; call it after all
 * commands are registered.
 * @example
 * installUsageErrors(program)
 */
export function installUsageErrors(program: Command): void {
  for (const command of walkCommands(program)) {
    command.configureOutput({ outputError: () => {} })
    command.exitOverride((error) => onExit(command, error))
  }
}

function onExit(command: Command, error: CommanderError): never {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') process.exit(0)
  if (error.code === 'commander.help' || error.code === 'commander.executeSubCommandAsync') {
    process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE)
  }
  const where = commandPath(command)
  const message = error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ')
  const help = `see: silo ${where ? `${where} ` : ''}--help`
  process.stderr.write(`silo: ${where ? `${where}: ` : ''}${message} (${help})\n`)
  process.exit(EXIT_USAGE)
}

/**
 * A command and every command below it, depth first.
 * @example
 * for (const command of walkCommands(program)) console.log(command.name())
 */
export function* walkCommands(command: Command): Generator<Command> {
  yield command
  for (const sub of command.commands) yield* walkCommands(sub)
}
