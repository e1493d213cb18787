/**
 * Runs the BUILT command line (`packages/silo-server/dist/cli/main.js`, built by `npm test`'s pretest) as a child
 * process against an in-process server, with a temporary `--config-dir` holding alias `local`.
 * Children are spawned asynchronously so the in-process server keeps answering.
 */
import { type ChildProcessByStdio, type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { cpSync, existsSync, rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { afterAll } from 'vitest'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from '../../e2e/helpers/server.js'

const ROOT = join(import.meta.dirname, '../../..')
const BUILT = join(ROOT, 'packages/silo-server/dist/cli')

/** Whether the CLI is built (tests skip otherwise, as `vitest run` alone on a fresh clone would). */
export const CLI_BUILT = existsSync(join(BUILT, 'main.js'))

// Other work in this checkout may rebuild it (tsup cleans dist/cli first) while these tests run,
// so they run a private copy. It sits under node_modules/ so the bundle's imports still resolve.
const SNAPSHOT = join(ROOT, 'node_modules/.cache', `silo-cli-test-${process.pid}-${Date.now()}`)
if (CLI_BUILT) {
  cpSync(BUILT, SNAPSHOT, { recursive: true })
  afterAll(() => rmSync(SNAPSHOT, { recursive: true, force: true }))
}

/** The built CLI (the private copy). */
export const CLI = join(SNAPSHOT, 'main.js')

/** What a CLI run printed and how it exited. */
export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Options of one run. */
export interface RunOptions {
  input?: string | Buffer
  env?: NodeJS.ProcessEnv
  cwd?: string
}

/**
 * Runs `silo ARGS...` and collects its output.
 * @example
 * const { code, stdout } = await runCli(['--config-dir', dir, 'ls', 'local'])
 */
export function runCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  child.stdin.end(options.input)
  return collectOutput(child)
}

/** Collects a child's stdout and stderr until it closes, and how it exited. */
export function collectOutput(
  child: ChildProcessByStdio<null | Writable, Readable, Readable>,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * Starts `silo ARGS...` and leaves it running (for `watch`); the caller ends it.
 * @example
 * const child = spawnCli(['--config-dir', dir, 'watch', 'local/photos'])
 */
export function spawnCli(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: '' }, stdio: 'pipe' })
}

/** A server, a config dir with alias `local` pointing at it, and a runner bound to both. */
export interface CliEnv {
  server: RunningServer
  configDir: string
  /** Runs `silo --config-dir <dir> ARGS...`. */
  run(args: string[], options?: RunOptions): Promise<CliResult>
  /** Starts `silo --config-dir <dir> ARGS...` without waiting for it. */
  spawn(args: string[]): ChildProcessWithoutNullStreams
  stop(): Promise<void>
}

/**
 * Starts a server (with `serverOptions`, e.g. `tls`) and registers it as alias `local`.
 * @example
 * const env = await startCliEnv()
 * await env.run(['mb', 'local/photos'])
 */
export async function startCliEnv(serverOptions: Parameters<typeof startServer>[0] = {}): Promise<CliEnv> {
  const server = await startServer(serverOptions)
  const configDir = await mkdtemp(join(tmpdir(), 'silo-cli-conf-'))
  const run = (args: string[], options?: RunOptions) => runCli(['--config-dir', configDir, ...args], options)
  const added = await run(['config', 'host', 'add', 'local', server.url, ROOT_USER, ROOT_PASSWORD])
  if (added.code !== 0) throw new Error(`config host add failed: ${added.stderr}`)
  return {
    server,
    configDir,
    run,
    spawn: (args) => spawnCli(['--config-dir', configDir, ...args]),
    async stop() {
      await server.stop()
      await rm(configDir, { recursive: true, force: true })
    },
  }
}

/**
 * Parses JSON-lines output.
 * @example
 * const records = jsonLines(result.stdout)
 */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}
