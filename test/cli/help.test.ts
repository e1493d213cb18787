/**
 * `silo --version`, and the Examples section of every command's help: present on each command,
 * and using only the command's own words and options (so an example cannot drift from the CLI).
 */
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { version } from '../../package.json'
import { commandPath } from '../../src/cli/action.js'
import { examplesOf } from '../../src/cli/help/install-examples.js'
import { createProgram } from '../../src/cli/program.js'
import { walkCommands } from '../../src/cli/usage.js'
import { CLI_BUILT, runCli } from './helpers/cli.js'

const program = createProgram()
const commands = [...walkCommands(program)]

/** The command an example's words lead to, and the words left for its options and arguments. */
function resolve(words: string[]): { command: Command; rest: string[] } {
  let command: Command = program
  const rest: string[] = []
  for (const word of words) {
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word))
    if (sub && rest.every((w) => w.startsWith('-'))) command = sub
    else rest.push(word)
  }
  return { command, rest }
}

function knownFlags(command: Command): Set<string> {
  const flags = new Set(['-h', '--help', '-v', '--version'])
  for (let at: Command | null = command; at; at = at.parent) {
    for (const option of at.options) {
      if (option.short) flags.add(option.short)
      if (option.long) flags.add(option.long)
    }
  }
  return flags
}

describe('examples in help', () => {
  it.each(commands.map((c) => [commandPath(c) || 'silo', c] as const))(
    '%s has examples',
    (_path, command) => {
      expect(examplesOf(command).length).toBeGreaterThan(0)
    },
  )

  it('each example names its own command and only options that command (or silo) has', () => {
    for (const command of commands) {
      for (const [, line] of examplesOf(command)) {
        // The first command of a line (before &&, a redirection or a pipe).
        const words = line.split(/ (?:&&|[<>|]) /)[0]!.split(' ')
        expect(words[0], line).toBe('silo')
        const { command: target, rest } = resolve(words.slice(1))
        expect(commandPath(target).startsWith(commandPath(command)), line).toBe(true)
        const flags = knownFlags(target)
        for (const word of rest.filter((w) => w.startsWith('-')))
          expect(flags, `${word} in: ${line}`).toContain(word)
      }
    }
  })
})

describe.skipIf(!CLI_BUILT)('through the built CLI', () => {
  it('--version and -v print the package version (and the build commit when stamped), exit 0', async () => {
    for (const flag of ['--version', '-v']) {
      const result = await runCli([flag])
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(
        new RegExp(`^silo ${version.replaceAll('.', '\\.')}( \\(commit [0-9a-f]{12}, built \\S+Z\\))?\\n$`),
      )
    }
  })

  it.each([
    [['cp', '--help'], '$ silo cp cat.jpg local/photos/2026/'],
    [['admin', 'user', 'add', '-h'], '$ silo admin user add local/ alice alice-secret-123 readwrite'],
    [['admin', 'user', '--help'], '$ silo admin user list local/'],
    [['event', 'list', '--help'], '$ silo event list local/photos'],
    [['--help'], '$ silo server ./data'],
  ])('silo %j shows an Examples section', async (args, line) => {
    const { code, stdout } = await runCli(args)
    expect(code).toBe(0)
    expect(stdout).toMatch(/\nExamples:\n {2}# /)
    expect(stdout).toContain(`\n  ${line}\n`)
  })
})
