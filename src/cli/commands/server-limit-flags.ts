import { type Command, InvalidArgumentError } from 'commander'
import type { ConnectionOptions } from '../../server/index.js'

// flag, createServer option, help. Each option also reads its SILO_* variable (docs/cli.md).
const FLAGS = [
  ['--headers-timeout <MS>', 'headersTimeoutMs', 'time to send request headers (default 30000)'],
  ['--body-timeout <MS>', 'bodyTimeoutMs', 'time a request body may send nothing (default 60000)'],
  ['--idle-timeout <MS>', 'idleTimeoutMs', 'time a connection may see no traffic (default 60000)'],
  [
    '--keep-alive-timeout <MS>',
    'keepAliveTimeoutMs',
    'time an idle kept-alive connection stays (default 65000)',
  ],
  [
    '--max-connections <N>',
    'maxConnections',
    'most connections at once (default: 3/4 of the open-file limit)',
  ],
] as const

/**
 * Adds `silo server`'s timeout and connection-cap flags (whole numbers, 0 turns one off).
 * @example addLimitFlags(program.command('server'))
 */
export function addLimitFlags(command: Command): Command {
  for (const [flag, , help] of FLAGS) command.option(flag, help, (value: string) => parseCount(value, flag))
  return command
}

/**
 * The `ConnectionOptions` in parsed `silo server` flags.
 * @example createServer({ dir, ...readLimitFlags(options) })
 */
export function readLimitFlags(flags: Record<string, unknown>): ConnectionOptions {
  const options: ConnectionOptions = {}
  for (const [flag, option] of FLAGS) {
    // Commander keys a flag's value by its camel-cased name (--headers-timeout: headersTimeout).
    const value = flags[camelCase(flag)]
    if (typeof value === 'number') options[option] = value
  }
  return options
}

function camelCase(flag: string): string {
  return flag
    .slice(2)
    .split(' ')[0]!
    .replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
}

function parseCount(value: string, flag: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError(`${flag.split(' ')[0]} takes a whole number >= 0, not '${value}'`)
  }
  return n
}
