/**
 * Runs the built CLI on a pseudo-terminal, as a person at a terminal would: util-linux `script`
 * gives the child a terminal of its own, so `isTTY` is true and colours and progress bars are
 * on. What the terminal showed comes back as one string (line ends as the terminal sends them).
 */
import { spawn, spawnSync } from 'node:child_process'
import { CLI, type CliResult, collectOutput } from './cli.js'

/** Whether `script` (util-linux) is here to make a terminal. */
export const HAS_SCRIPT = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0

/** Options of one run on a terminal. */
export interface TerminalRunOptions {
  /** Extra environment (NO_COLOR is cleared unless given here). */
  env?: NodeJS.ProcessEnv
  /** Terminal width (default 100). */
  columns?: number
}

/**
 * Runs `silo ARGS...` on a terminal; `stdout` holds what the terminal showed (stdout and
 * stderr together, as a terminal shows them).
 * @example
 * const { stdout } = await runCliOnTerminal(['--config-dir', dir, 'ls', 'local'])
 */
export function runCliOnTerminal(args: string[], options: TerminalRunOptions = {}): Promise<CliResult> {
  const command = [process.execPath, CLI, ...args].map(quote).join(' ')
  const columns = options.columns ?? 100
  const child = spawn('script', ['-qec', `stty cols ${columns} rows 40; exec ${command}`, '/dev/null'], {
    env: { ...process.env, NO_COLOR: '', TERM: 'xterm-256color', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return collectOutput(child)
}

function quote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`
}
