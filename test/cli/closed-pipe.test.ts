/**
 * Defect 11 of issue 12: `silo ls alias | head -1` died with an EPIPE stack trace. A reader
 * that closes the pipe early must end the CLI quietly, the way `ls`, `cat` and `mc` end: killed
 * by SIGPIPE (status 141 in a shell), nothing on stderr.
 */
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siloRootClient } from '../e2e/helpers/root-clients.js'
import { CLI, CLI_BUILT, type CliEnv, startCliEnv } from './helpers/cli.js'

// ~1,500 lines of ~150 bytes: far more than a pipe buffer (64 KiB), so the CLI is still
// writing when the reader goes away.
const OBJECTS = 1500
const LONG = 'x'.repeat(100)

interface Ended {
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
  firstLine: string
}

/** Runs the CLI with stdout read until its first line, then closed (as `| head -1` does). */
function runIntoClosingReader(env: CliEnv, args: string[]): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, '--config-dir', env.configDir, ...args], {
      env: { ...process.env, NO_COLOR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    let out = ''
    let firstLine = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const newline = out.indexOf('\n')
      if (newline !== -1 && !firstLine) {
        firstLine = out.slice(0, newline)
        child.stdout.destroy()
      }
    })
    child.once('error', reject)
    child.once('close', (code, signal) => resolve({ code, signal, stderr, firstLine }))
  })
}

describe.skipIf(!CLI_BUILT)('a closed output pipe (silo ... | head -1)', () => {
  let env: CliEnv

  beforeAll(async () => {
    env = await startCliEnv()
    const client = siloRootClient(env.server)
    await client.makeBucket('many')
    let next = 0
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < OBJECTS) {
          const key = `${LONG}-${String(next++).padStart(5, '0')}`
          await client.putObject('many', key, Buffer.from('x'))
        }
      }),
    )
    await client.putObject('many', 'big.txt', Buffer.from('a line of a big object\n'.repeat(200_000)))
  }, 120_000)
  afterAll(async () => {
    await env?.stop()
  })

  it.each([
    ['ls', ['ls', 'local/many']],
    ['ls --json', ['--json', 'ls', '--recursive', 'local/many']],
    ['cat', ['cat', 'local/many/big.txt']],
  ])('%s ends quietly by SIGPIPE, no stack trace', async (_name, args) => {
    const ended = await runIntoClosingReader(env, args)
    expect(ended.firstLine).not.toBe('')
    expect(ended.stderr).toBe('')
    expect({ code: ended.code, signal: ended.signal }).toEqual({ code: null, signal: 'SIGPIPE' })
  })
})
