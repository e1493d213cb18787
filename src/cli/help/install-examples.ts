/** Puts each command's examples (help/examples.ts) under its `--help`. */
import type { Command } from 'commander'
import { commandPath } from '../action.js'
import { walkCommands } from '../usage.js'
import { EXAMPLES, type Example } from './examples.js'

/**
 * The examples of a command: its own, or for a group the first of each command in it.
 * @example
 * examplesOf(cpCommand)[0] // ['Upload a file into a folder of a bucket', 'silo cp cat.jpg local/photos/2026/']
 */
export function examplesOf(command: Command): readonly Example[] {
  const own = EXAMPLES[commandPath(command)]
  if (own) return own
  return command.commands.flatMap((sub) => examplesOf(sub).slice(0, 1))
}

/**
 * The Examples section of a command's help.
 * @example
 * formatExamples([['Make a bucket', 'silo mb local/photos']])
 * // '\nExamples:\n  # Make a bucket\n  $ silo mb local/photos\n'
 */
export function formatExamples(examples: readonly Example[]): string {
  const blocks = examples.map(([what, line]) => `  # ${what}\n  $ ${line}`)
  return `\nExamples:\n${blocks.join('\n\n')}\n`
}

/**
 * Adds the Examples section to every command's help; call after all commands are registered.
 * @example
 * installExamples(program)
 */
export function installExamples(program: Command): void {
  for (const command of walkCommands(program)) {
    const examples = examplesOf(command)
    if (examples.length > 0) command.addHelpText('after', formatExamples(examples))
  }
}
