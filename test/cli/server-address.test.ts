/**
 * Where `silo server` listens without `--address`: loopback only while the default credential
 * may be in use (as `npm start` runs it), every interface once SILO_ROOT_PASSWORD is the user's.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createConnection, createServer } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveServerAddress } from '../../src/cli/commands/server-address.js'
import { CLI, CLI_BUILT } from './helpers/cli.js'

describe('resolveServerAddress', () => {
  it.each([
    ['no --address, no credential', undefined, {}, '127.0.0.1:9000', true],
    ['no --address, only a user', undefined, { SILO_ROOT_USER: 'me' }, '127.0.0.1:9000', true],
    [
      'no --address, the default password',
      undefined,
      { SILO_ROOT_PASSWORD: 'siloadmin' },
      '127.0.0.1:9000',
      true,
    ],
    ['no --address, an empty password', undefined, { SILO_ROOT_PASSWORD: '' }, '127.0.0.1:9000', true],
    ['no --address, an own password', undefined, { SILO_ROOT_PASSWORD: 'a-long-secret' }, ':9000', false],
    ['--address :9000 with the default credential', ':9000', {}, ':9000', false],
    ['--address HOST:PORT', '10.0.0.5:9100', {}, '10.0.0.5:9100', false],
  ] as const)('%s', (_name, given, env, address, loopbackByDefault) => {
    expect(resolveServerAddress(given, env)).toEqual({ address, loopbackByDefault })
  })
})

/** Whether `host:port` can be bound now (the spawned server needs port 9000 free). */
function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, host, () => probe.close(() => resolve(true)))
  })
}

/** Resolves true when a TCP connection to `host:port` opens, false when it is refused. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address

describe.skipIf(!CLI_BUILT)('silo server DIR without --address (as npm start runs it)', () => {
  it('with the default credential listens on loopback only and says so', async (ctx) => {
    // Port 9000 is the default under test; another server holding it makes the test meaningless.
    if (!(await canListen(9000, '0.0.0.0'))) ctx.skip()
    const dir = await mkdtemp(join(tmpdir(), 'silo-cli-address-'))
    const env = { ...process.env }
    delete env.SILO_ROOT_USER
    delete env.SILO_ROOT_PASSWORD
    const child = spawn(process.execPath, [CLI, 'server', dir], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    // Runs even when the test times out, so no server is left holding port 9000.
    ctx.onTestFinished(async () => {
      child.kill('SIGKILL')
      await rm(dir, { recursive: true, force: true })
    })
    let out = ''
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString()
    })
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => out.includes(text) && resolve()
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString()
          check()
        })
        check()
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)))
      })
    await printed('Region:')
    expect(out).toContain('Endpoint:  http://127.0.0.1:9000\n')
    expect(out).toContain('WARNING: the default root credential (siloadmin/siloadmin) is in use.')
    expect(await connects('127.0.0.1', 9000)).toBe(true)
    if (outsideAddress !== undefined) expect(await connects(outsideAddress, 9000)).toBe(false)
    // The note is the last start-up line, printed once SIGINT stops the server cleanly.
    await printed('Listening on 127.0.0.1 only')
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  })
})
